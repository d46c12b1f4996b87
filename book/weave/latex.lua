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

-- Measured tables: a smaller face, and long names (layer names such as
-- res4a_branch2b, stage names, shapes 32x256x56x56) may break after '_',
-- ':', '/' and 'x' instead of running over the next column.
local function breakable(s)
  if #s.text < 12 or not s.text:find("[_:/x]") then return nil end
  local out = {}
  for piece, sep in s.text:gmatch("([^_:/x]*)([_:/x]?)") do
    if piece ~= "" or sep ~= "" then
      table.insert(out, pandoc.Str(piece .. sep))
      if sep ~= "" then table.insert(out, pandoc.RawInline("latex", "\\allowbreak{}")) end
    end
  end
  return out
end

function Div(el)
  if el.classes:includes("bench") then
    el = pandoc.walk_block(el, { Str = breakable })
    table.insert(el.content, 1, pandoc.RawBlock("latex", "\\begingroup\\nwbenchface"))
    table.insert(el.content, pandoc.RawBlock("latex", "\\endgroup"))
    return el
  end
end
