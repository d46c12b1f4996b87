-- Pandoc filter for the PDF book: give the weaver's spans a LaTeX face.
-- (HTML gets the same classes styled by book/style.css.)
local faces = { nwhead = "nwhead", nwlabel = "nwlabel", nwxref = "nwxref", benchnote = "benchnote" }

function Span(el)
  for _, class in ipairs(el.classes) do
    local macro = faces[class]
    if macro then
      local out = { pandoc.RawInline("latex", "\\" .. macro .. "{") }
      for _, x in ipairs(el.content) do table.insert(out, x) end
      table.insert(out, pandoc.RawInline("latex", "}"))
      if el.identifier ~= "" then
        table.insert(out, 1, pandoc.RawInline("latex", "\\protect\\hypertarget{" .. el.identifier .. "}{}"))
      end
      return out
    end
  end
end
