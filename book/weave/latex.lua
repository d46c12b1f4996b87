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

-- An unnumbered chapter (the preface, the indexes) sets its own running head;
-- \chapter* alone would leave the previous one (e.g. "Contents") in place.
function Header(el)
  if el.level == 1 and el.classes:includes("appendix") then
    -- lettered by LaTeX after \appendix (the weaver marks it unnumbered for HTML)
    el.classes = el.classes:filter(function (c) return c ~= "unnumbered" end)
    return el
  end
  if el.level == 1 and el.classes:includes("unnumbered") then
    local title = pandoc.utils.stringify(el.content):gsub("[\\{}$&#^_%%~]", "")
    return { el, pandoc.RawBlock("latex", "\\markboth{" .. title .. "}{" .. title .. "}") }
  end
end
