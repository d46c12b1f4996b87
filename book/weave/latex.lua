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

-- Online sections. A heading with the class `online` (level 2 or deeper)
-- marks a section printed only in the HTML edition: plumbing code and lab
-- notes that the argument of the chapter does not need on paper. The PDF
-- keeps the heading, so numbering and contents match the HTML edition, and
-- replaces the body, up to the next heading of the same or a higher level,
-- with one paragraph that says what is there and links to it. The ids of
-- what was left out are handed to `nwpandoc.py fix latex` as comment lines
-- ("%nwonline ID PAGE"), which turns links to them into links to the page.
local function ids_in(block, into)
  local function note(el)
    if el.identifier and el.identifier ~= "" then table.insert(into, el.identifier) end
  end
  note(block)
  pandoc.walk_block(block, { Header = note, Div = note, Span = note, CodeBlock = note })
end

local function code_in(block, chunks)
  local lines = 0
  pandoc.walk_block(block, {
    CodeBlock = function (el)
      local _, n = el.text:gsub("\n", "")
      lines = lines + n + 1
    end,
    Span = function (el)
      if el.classes:includes("nwhead") then table.insert(chunks, pandoc.utils.stringify(el)) end
    end,
  })
  if block.t == "CodeBlock" then
    local _, n = block.text:gsub("\n", "")
    lines = lines + n + 1
  end
  return lines
end

local online_sections, online_lines = 0, 0

local function pointer(head, page, lines, chunks, prose)
  local what = {}
  if #chunks > 0 then
    -- "⟨name⟩ 5.12 ≡" and its continuations "⟨name⟩ 5.13 +≡": one name, its labels
    local order, labels = {}, {}
    for _, c in ipairs(chunks) do
      local name, label = c:gsub("%s*%+?≡%s*$", ""):match("^(.-)%s+(%S+)$")
      name = name or c
      if not labels[name] then table.insert(order, name); labels[name] = {} end
      if label then table.insert(labels[name], label) end
    end
    local names = {}
    for i = 1, math.min(#order, 3) do
      names[i] = order[i] .. " " .. table.concat(labels[order[i]], ", ")
    end
    local list = table.concat(names, "; ")
    if #order > 3 then list = list .. string.format("; and %d more", #order - 3) end
    table.insert(what, string.format("%d %s of code in %d %s (%s)", lines,
      lines == 1 and "line" or "lines", #chunks, #chunks == 1 and "chunk" or "chunks", list))
  end
  if prose > 0 then table.insert(what, #what > 0 and "its notes" or "notes") end
  local target = page .. "#" .. head.identifier
  local text = "This section is printed in the HTML edition only"
  if #what > 0 then text = text .. ": " .. table.concat(what, " and ") end
  local link = pandoc.Link({ pandoc.Str("the HTML edition, " .. page) }, target)
  local inlines = pandoc.List({ pandoc.Str(text .. "; see "), link, pandoc.Str(".") })
  table.insert(inlines, 1, pandoc.RawInline("latex", "\\nwonline{"))
  table.insert(inlines, pandoc.RawInline("latex", "}"))
  return pandoc.Para(inlines)
end

local function online(doc)
  local out = pandoc.List()
  local blocks = doc.blocks
  local i = 1
  while i <= #blocks do
    local b = blocks[i]
    out:insert(b)
    i = i + 1
    if b.t == "Header" and b.level >= 2 and b.classes:includes("online") then
      local page = b.attributes["page"] or ""
      local ids, chunks, lines, prose = {}, {}, 0, 0
      while i <= #blocks and not (blocks[i].t == "Header" and blocks[i].level <= b.level) do
        local d = blocks[i]
        ids_in(d, ids)
        local n = code_in(d, chunks)
        lines = lines + n
        if n == 0 and (d.t == "Para" or d.t == "BulletList" or d.t == "OrderedList" or d.t == "Table") then
          prose = prose + 1
        end
        i = i + 1
      end
      if #ids + lines + prose > 0 then
        out:insert(pointer(b, page, lines, chunks, prose))
        local marks = {}
        for _, id in ipairs(ids) do table.insert(marks, "%nwonline " .. id .. " " .. page) end
        if #marks > 0 then out:insert(pandoc.RawBlock("latex", table.concat(marks, "\n"))) end
        online_sections = online_sections + 1
        online_lines = online_lines + lines
      end
    end
  end
  if online_sections > 0 then
    io.stderr:write(string.format("latex.lua: %d online sections, %d lines of code printed in the HTML edition only\n",
      online_sections, online_lines))
  end
  doc.blocks = out
  return doc
end

-- The indexes (the weaver's two lists at the end of the book). On paper an
-- entry is a paragraph whose later lines are indented under its first, not
-- a bulleted item: the bullet and its indent cost a line in most entries of
-- a column this narrow.
local index_ids = { ["nw-chunk-index"] = true, ["nw-identifier-index"] = true }

-- In the index of identifiers a long list of uses shows its first
-- USES_SHOWN and counts the rest ("and 224 more"): a type or status code
-- used in two hundred chunks would otherwise fill a third of a column with
-- numbers. A list only a few longer is printed whole (counting would save
-- nothing). The HTML index, a link away, lists them all.
local USES_SHOWN, USES_COUNTED = 10, 3

local function is_space(x) return x and (x.t == "Space" or x.t == "SoftBreak") end

local function shorten_uses(inlines)
  local from
  for i = 1, #inlines - 2 do
    local a, c = inlines[i], inlines[i + 2]
    if a.t == "Str" and a.text == "used" and is_space(inlines[i + 1]) and c.t == "Str" and c.text == "in" then
      from = i + 3
      break
    end
  end
  if not from then return inlines, false end
  local links = {}
  for i = from, #inlines do
    if inlines[i].t == "Link" then table.insert(links, i) end
  end
  if #links < USES_SHOWN + USES_COUNTED then return inlines, false end
  local out = pandoc.List()
  for i = 1, links[USES_SHOWN] do out:insert(inlines[i]) end
  out:extend({ pandoc.Space(), pandoc.Str("and"), pandoc.Space(),
               pandoc.Str(string.format("%d more.", #links - USES_SHOWN)) })
  return out, true
end

local function index_entries(list, shorten)
  local out = pandoc.List({ pandoc.RawBlock("latex", "\\begin{nwindex}") })
  local shortened = 0
  for _, item in ipairs(list.content) do
    for k, b in ipairs(item) do
      if k == 1 and (b.t == "Plain" or b.t == "Para") then
        local inlines = pandoc.List({ pandoc.RawInline("latex", "\\nwentry{}") })
        local content, cut = b.content, false
        if shorten then content, cut = shorten_uses(content) end
        if cut then shortened = shortened + 1 end
        inlines:extend(content)
        out:insert(pandoc.Para(inlines))
      else
        out:insert(b)
      end
    end
  end
  out:insert(pandoc.RawBlock("latex", "\\end{nwindex}"))
  return out, shortened
end

local function shortened_note(page)
  local text = string.format("A long list of uses shows its first %d and counts the others;"
    .. " the index of the ", USES_SHOWN)
  return pandoc.Para({
    pandoc.RawInline("latex", "\\nwonline{"),
    pandoc.Str(text),
    pandoc.Link({ pandoc.Str("HTML edition") }, page),
    pandoc.Str(" lists them all."),
    pandoc.RawInline("latex", "}"),
  })
end

local function indexes(doc)
  local out = pandoc.List()
  local index, note_at = nil, nil   -- the index being read, where its note goes
  for _, b in ipairs(doc.blocks) do
    if b.t == "Header" and b.level == 1 then
      index = index_ids[b.identifier] and b.identifier or nil
    end
    if index and b.t == "BulletList" then
      local shorten = index == "nw-identifier-index"
      local entries, shortened = index_entries(b, shorten)
      if shortened > 0 then out:insert(note_at, shortened_note("index-of-identifiers.html")) end
      out:extend(entries)
    else
      out:insert(b)
      if index and b.t == "Header" then note_at = #out + 1 end
    end
  end
  doc.blocks = out
  return doc
end

-- Online sections first, while the chunk headers are still spans.
return { { Pandoc = online }, { Pandoc = indexes }, { Span = Span, Header = Header, Div = Div } }
