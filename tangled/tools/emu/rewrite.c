#line 3961 "chapters/01-emulator.nw"
/* rewrite.c: litdnn-emu-rewrite IN.cu > OUT.c -- CUDA C to C for the emulator.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file.
   Keeps every line where it was: generated code goes on existing lines. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#line 3982 "chapters/01-emulator.nw"
static const char *src;            /* the whole input */
static size_t len;
static const char *in_name, *file_name;   /* file_name follows #line */
static long line_offset;           /* #line N makes the next line N */
static char *out;
static size_t out_len, out_cap;

static void emit(const char *s, size_t n) {
  if (out_len + n + 1 > out_cap) {
    out_cap = 2 * (out_len + n + 1);
    out = realloc(out, out_cap);
  }
  memcpy(out + out_len, s, n);
  out_len += n;
}
static void emits(const char *s) { emit(s, strlen(s)); }
static void emitf(const char *fmt, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  emits(buf);
}

static long line_of(size_t pos) {
  long line = 1;
  for (size_t i = 0; i < pos && i < len; i++)
    line += src[i] == '\n';
  return line + line_offset;
}
static int is_ident(int c) { return isalnum(c) || c == '_'; }
#line 4020 "chapters/01-emulator.nw"
static int at_line_start(size_t pos) {
  while (pos > 0 && (src[pos - 1] == ' ' || src[pos - 1] == '\t'))
    pos--;
  return pos == 0 || src[pos - 1] == '\n';
}

static void note_line_directive(size_t pos, size_t end);

static size_t skip_other(size_t pos) {
  size_t i = pos;
  if (src[i] == '/' && i + 1 < len && src[i + 1] == '/') {
    while (i < len && src[i] != '\n') i++;
  } else if (src[i] == '/' && i + 1 < len && src[i + 1] == '*') {
    i += 2;
    while (i + 1 < len && !(src[i] == '*' && src[i + 1] == '/')) i++;
    i = i + 2 > len ? len : i + 2;
  } else if (src[i] == '"' || src[i] == '\'') {
    char q = src[i++];
    while (i < len && src[i] != q && src[i] != '\n') i += src[i] == '\\' ? 2 : 1;
    i = i + 1 > len ? len : i + 1;
  } else if (src[i] == '#' && at_line_start(i)) {
    while (i < len && src[i] != '\n') i += src[i] == '\\' ? 2 : 1;
    if (i > len) i = len;
    note_line_directive(pos, i);
  }
  return i - pos;
}

/* skip blanks and comments (not newlines' meaning: they are kept) */
static size_t skip_space(size_t i) {
  for (;;) {
    while (i < len && isspace((unsigned char)src[i])) i++;
    if (i + 1 < len && src[i] == '/' && (src[i + 1] == '/' || src[i + 1] == '*'))
      i += skip_other(i);
    else
      return i;
  }
}

/* the index just past the bracket matching the one at open */
static size_t match(size_t open) {
  int depth = 0;
  for (size_t i = open; i < len;) {
    size_t o = skip_other(i);
    if (o) { i += o; continue; }
    if (strchr("([{", src[i])) depth++;
    if (strchr(")]}", src[i]) && --depth == 0) return i + 1;
    i++;
  }
  return len;
}
#line 4077 "chapters/01-emulator.nw"
static char directive_file[1024];
static size_t directive_at = (size_t)-1;
static long directive_line;

static void note_line_directive(size_t pos, size_t end) {
  size_t i = pos + 1;
  while (i < end && (src[i] == ' ' || src[i] == '\t')) i++;
  if (end - i > 4 && !strncmp(src + i, "line", 4)) i += 4;
  while (i < end && (src[i] == ' ' || src[i] == '\t')) i++;
  if (i >= end || !isdigit((unsigned char)src[i]))
    return;
  directive_line = strtol(src + i, NULL, 10);
  directive_at = pos;
  const char *q = memchr(src + i, '"', end - i);
  if (q) {
    const char *e = memchr(q + 1, '"', (size_t)(src + end - q - 1));
    if (e && (size_t)(e - q - 1) < sizeof directive_file) {
      memcpy(directive_file, q + 1, (size_t)(e - q - 1));
      directive_file[e - q - 1] = 0;
    }
  }
}

static void unsupported(size_t pos, const char *what) {
  long line = line_of(pos);
  const char *file = in_name;
  if (directive_at != (size_t)-1 && directive_at < pos) {
    line = directive_line + (line_of(pos) - line_of(directive_at) - 1);
    if (directive_file[0])
      file = directive_file;
  }
  fprintf(stderr, "%s:%ld: error: litdnn-emu: %s is not supported by the "
          "emulator\n", file, line, what);
  exit(1);
}
#line 4117 "chapters/01-emulator.nw"
struct param { char decl[512], name[128]; int pointer; };
struct kernel { char name[128]; struct param params[64]; int nparams, defaults; };

static void parse_params(struct kernel *k, size_t open, size_t close) {
  size_t i = open + 1;
  k->nparams = k->defaults = 0;
  while (i < close - 1) {
    size_t start = i;
    int depth = 0;
    while (i < close - 1 && !(src[i] == ',' && depth == 0)) {
      if (strchr("([", src[i])) depth++;
      if (strchr(")]", src[i])) depth--;
      i++;
    }
    struct param *p = &k->params[k->nparams];
    size_t n = i - start;
    if (n >= sizeof p->decl) n = sizeof p->decl - 1;
    memcpy(p->decl, src + start, n);
    p->decl[n] = 0;
    for (char *c = p->decl; *c; c++)     /* a parameter may span lines */
      if (*c == '\n' || *c == '\r') *c = ' ';
    char *value = strchr(p->decl, '=');  /* a default argument (C++) */
    if (value) {
      k->defaults = 1;
      while (value > p->decl && isspace((unsigned char)value[-1])) value--;
      *value = 0;
    }
    /* the name is the last identifier before any [ */
    char *end = strchr(p->decl, '[');
    p->pointer = end != NULL || strchr(p->decl, '*') != NULL;
    if (!end) end = p->decl + strlen(p->decl);
    while (end > p->decl && !is_ident((unsigned char)end[-1])) end--;
    char *b = end;
    while (b > p->decl && is_ident((unsigned char)b[-1])) b--;
    snprintf(p->name, sizeof p->name, "%.*s", (int)(end - b), b);
    if (strcmp(p->name, "void") && p->name[0] && k->nparams < 64)
      k->nparams++;
    i++;
  }
}

/* what follows a kernel's definition, on the line of its closing brace */
static void emit_kernel_support(const struct kernel *k) {
  const char *n = k->name;
  emitf(" struct %s__litdnn_args {", n);
  for (int i = 0; i < k->nparams; i++) {
    char decl[512];
    snprintf(decl, sizeof decl, "%s", k->params[i].decl);
    for (char *c = decl; *c; c++)       /* float x[] as a member: float *x */
      if (*c == '[') { *c = 0; break; }
    if (strchr(k->params[i].decl, '['))
      emitf(" %.*s*%s;", (int)(strstr(decl, k->params[i].name) - decl), decl,
            k->params[i].name);
    else
      emitf(" %s;", decl);
  }
  if (k->nparams == 0)
    emits(" char litdnn_none;");
  emitf(" }; static void __attribute__((unused)) %s__litdnn_entry(void *litdnn_p)"
        " { struct %s__litdnn_args *litdnn_a = (struct %s__litdnn_args *)"
        "litdnn_p; (void)litdnn_a; %s(", n, n, n, n);
  for (int i = 0; i < k->nparams; i++)
    emitf("%slitdnn_a->%s", i ? ", " : "", k->params[i].name);
  emitf("); } static void __attribute__((unused)) %s__litdnn_pack(void *litdnn_p,"
        " void *const *litdnn_v) { struct %s__litdnn_args *litdnn_a = (struct "
        "%s__litdnn_args *)litdnn_p; (void)litdnn_a; (void)litdnn_v;", n, n, n);
  for (int i = 0; i < k->nparams; i++)
    emitf(" memcpy(&litdnn_a->%s, litdnn_v[%d], sizeof litdnn_a->%s);",
          k->params[i].name, i, k->params[i].name);
  emitf(" } static const struct litdnn_emu_kernel %s__litdnn_kernel = { \"%s\","
        " %s__litdnn_entry, (const void *)%s, %d, \"", n, n, n, n, k->nparams);
  for (int i = 0; i < k->nparams; i++)
    emitf("%s%s", i ? "," : "", k->params[i].name);
  emits("\", \"");
  for (int i = 0; i < k->nparams; i++)
    emits(k->params[i].pointer ? "P" : "-");
  emitf("\", sizeof(struct %s__litdnn_args), %s__litdnn_pack }; static void "
        "__attribute__((constructor)) %s__litdnn_register(void) { "
        "litdnn_emu_register_kernel(&%s__litdnn_kernel); }", n, n, n, n);
  emitf(" static void __attribute__((unused)) %s__litdnn_launch(dim3 "
        "litdnn_grid, dim3 litdnn_block, size_t litdnn_shmem, cudaStream_t "
        "litdnn_stream, const char *litdnn_texts, const char *litdnn_file, "
        "int litdnn_line", n);
  for (int i = 0; i < k->nparams; i++)
    emitf(", %s", k->params[i].decl);
  emitf(") { struct %s__litdnn_args litdnn_a = {", n);
  for (int i = 0; i < k->nparams; i++)
    emitf("%s%s", i ? ", " : " ", k->params[i].name);
  if (k->nparams == 0)
    emits(" 0");
  emits(" }; const void *litdnn_v[] = {");
  for (int i = 0; i < k->nparams; i++)
    if (k->params[i].pointer)
      emitf(" (const void *)%s,", k->params[i].name);
    else
      emits(" 0,");
  emitf(" 0 }; litdnn_emu_launch_at(&%s__litdnn_kernel, &litdnn_a, litdnn_v, "
        "litdnn_texts, litdnn_file, litdnn_line, litdnn_grid, litdnn_block, "
        "litdnn_shmem, litdnn_stream); }", n);
}

/* C++: a kernel that is not a template registers itself when the
   program starts, with its parameters' names */
static void emit_kernel_registration(const struct kernel *k) {
  static unsigned serial;
  emitf(" static const struct litdnn_emu_kernel *const %s__litdnn_registered_%u = "
        "litdnn_emu::describe(static_cast<void (*)(", k->name, serial++);
  for (int i = 0; i < k->nparams; i++)
    emitf("%s%s", i ? ", " : "", k->params[i].decl);
  emitf(")>(%s), \"%s\", \"", k->name, k->name);
  for (int i = 0; i < k->nparams; i++)
    emitf("%s%s", i ? "," : "", k->params[i].name);
  emits("\");");
}

static void emit_launcher_prototype(const struct kernel *k) {
  emitf(" static void %s__litdnn_launch(dim3, dim3, size_t, cudaStream_t, "
        "const char *, const char *, int", k->name);
  for (int i = 0; i < k->nparams; i++)
    emitf(", %s", k->params[i].decl);
  emits(");");
}
#line 4245 "chapters/01-emulator.nw"
static void rewrite_range(size_t from, size_t to, int in_kernel);

/* a string literal of the arguments' source text, one per line: the
   runtime names buffers by what the host wrote */
static void emit_arg_texts(size_t paren) {
  size_t end = match(paren) - 1, i = skip_space(paren + 1);
  int depth = 0;
  emits("\"");
  while (i < end) {
    size_t o = skip_other(i);
    if (o && src[i] != '"' && src[i] != '\'') { i += o; continue; }   /* comments */
    char c = src[i];
    if (strchr("([{", c)) depth++;
    if (strchr(")]}", c)) depth--;
    if (c == ',' && depth == 0) {
      emits("\\n");
      i = skip_space(i + 1);
      continue;
    }
    if (c == '"' || c == '\\') emits("\\");
    if (isspace((unsigned char)c)) {
      i = skip_space(i);
      if (i < end && src[i] != ',') emits(" ");
      continue;
    }
    emit(&c, 1);
    i++;
  }
  emits("\"");
}

/* pos is at "<<<"; returns the index after the launch's "(" */
static size_t rewrite_launch(size_t pos, int in_kernel) {
  if (in_kernel)
    unsupported(pos, "dynamic parallelism (a kernel launch inside a "
                     "__global__ function)");
  size_t part[5], nparts = 0, i = pos + 3;
  int depth = 0;
  part[nparts++] = i;
  while (i < len) {
    size_t o = skip_other(i);
    if (o) { i += o; continue; }
    if (depth == 0 && !strncmp(src + i, ">>>", 3)) break;
    if (strchr("([{", src[i])) depth++;
    if (strchr(")]}", src[i])) depth--;
    if (src[i] == ',' && depth == 0 && nparts < 5) part[nparts++] = i + 1;
    i++;
  }
  if (i >= len || nparts < 2 || nparts > 4)
    unsupported(pos, "this form of kernel launch (use k<<<grid, block[, "
                     "shared bytes[, stream]]>>>(arguments))");
  size_t end_config = i;
  part[nparts] = end_config + 1;
  emits("__litdnn_launch(");
  for (size_t p = 0; p < nparts; p++) {
    size_t b = part[p], e = part[p + 1] - 1;
    if (p < 2) emits("litdnn_emu_dim3_of(");
    else emits("(");
    rewrite_range(b, e, 0);
    emits(p < nparts - 1 ? "), " : ")");
  }
  if (nparts < 3) emits(", 0");
  if (nparts < 4) emits(", 0");
  i = end_config + 3;
  size_t paren = skip_space(i);
  if (paren >= len || src[paren] != '(')
    unsupported(pos, "a kernel launch without an argument list");
  emits(", ");
  emit_arg_texts(paren);
  emits(", __FILE__, __LINE__");
  emit(src + i, paren - i);               /* keep newlines between >>> and ( */
  size_t arg = skip_space(paren + 1);
  if (src[arg] != ')') emits(", ");
  return paren + 1;
}
#line 4343 "chapters/01-emulator.nw"
static int is_template_kernel(const char *callee);
static int has_default_arguments(const char *callee);

static size_t callee_start(void) {
  size_t i = out_len;
  while (i > 0 && isspace((unsigned char)out[i - 1])) i--;
  for (;;) {
    if (i > 0 && out[i - 1] == '>') {        /* template arguments */
      int d = 0;
      do {
        i--;
        d += out[i] == '>' ? 1 : out[i] == '<' ? -1 : 0;
      } while (i > 0 && d > 0);
      while (i > 0 && isspace((unsigned char)out[i - 1])) i--;
    }
    if (i > 0 && out[i - 1] == ')') {        /* (*pointer) */
      int d = 0;
      do {
        i--;
        d += out[i] == ')' ? 1 : out[i] == '(' ? -1 : 0;
      } while (i > 0 && d > 0);
      return i;
    }
    while (i > 0 && is_ident((unsigned char)out[i - 1])) i--;
    size_t j = i;
    while (j > 0 && isspace((unsigned char)out[j - 1])) j--;
    if (j < 2 || out[j - 1] != ':' || out[j - 2] != ':')
      return i;
    i = j - 2;                               /* a qualified name */
    while (i > 0 && isspace((unsigned char)out[i - 1])) i--;
  }
}

/* pos at "<<<" */
static size_t rewrite_launch_cxx(size_t pos, int in_kernel) {
  if (in_kernel)
    unsupported(pos, "dynamic parallelism (a kernel launch inside a "
                     "__global__ function)");
  size_t part[5], nparts = 0, i = pos + 3;
  int depth = 0;
  part[nparts++] = i;
  while (i < len) {
    size_t o = skip_other(i);
    if (o) { i += o; continue; }
    if (depth == 0 && !strncmp(src + i, ">>>", 3)) break;
    if (strchr("([{", src[i])) depth++;
    if (strchr(")]}", src[i])) depth--;
    if (src[i] == ',' && depth == 0 && nparts < 5) part[nparts++] = i + 1;
    i++;
  }
  size_t paren = i < len ? skip_space(i + 3) : len;
  if (i >= len || nparts < 2 || nparts > 4 || paren >= len || src[paren] != '(')
    unsupported(pos, "this form of kernel launch (use k<<<grid, block[, "
                     "shared bytes[, stream]]>>>(arguments))");
  part[nparts] = i + 1;
  size_t start = callee_start(), stop = out_len;
  while (stop > start && isspace((unsigned char)out[stop - 1])) stop--;
  char callee[512];
  snprintf(callee, sizeof callee, "%.*s", (int)(stop - start), out + start);
  out_len = start;
  /* a template's arguments deduced from the call, or a kernel's default
     arguments: a lambda makes the call, and C++ completes it */
  if ((is_template_kernel(callee) && !strchr(callee, '<')) ||
      has_default_arguments(callee))
    emitf("litdnn_emu::launch_call([](auto &...litdnn_a) { %s(litdnn_a...); }, \"",
          callee);
  else
    emitf("litdnn_emu::launch(%s, \"", callee);
  for (const char *c = callee; *c; c++)
    emitf("%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
  emits("\", ");
  emit_arg_texts(paren);
  emits(", __FILE__, __LINE__");
  for (size_t p = 0; p < nparts; p++) {
    emits(", (");
    rewrite_range(part[p], part[p + 1] - 1, 0);
    emits(")");
  }
  emits(")");
  emit(src + i + 3, paren - (i + 3));      /* keep newlines between >>> and ( */
  emits("(");
  return paren + 1;
}
#line 4436 "chapters/01-emulator.nw"
/* the name declared by the declarator in [b, e): the identifier before
   its first '[' or '=' (parenthesised groups skipped), else its last;
   returns where it starts */
static size_t declarator_name(size_t b, size_t e, char *name, size_t size) {
  size_t stop = b;
  while (stop < e && src[stop] != '[' && src[stop] != '=') {
    if (src[stop] == '(') stop = match(stop);
    else stop++;
  }
  size_t ne = stop < e ? stop : e;
  while (ne > b && !is_ident((unsigned char)src[ne - 1])) ne--;
  size_t nb = ne;
  while (nb > b && is_ident((unsigned char)src[nb - 1])) nb--;
  snprintf(name, size, "%.*s", (int)(ne - nb), src + nb);
  return nb;
}

/* extern T __shared__ x[]: the T, written before the keyword */
static size_t type_before_b, type_before_e;

/* pos at "__shared__" (or at "extern"); returns the index after the ';' */
static size_t rewrite_shared(size_t pos, size_t after_keyword, int is_extern,
                             int depth) {
  size_t semi = after_keyword, piece[64];
  int d = 0, angle = 0, npieces = 0;
  piece[npieces++] = after_keyword;
  while (semi < len) {
    size_t o = skip_other(semi);
    if (o) { semi += o; continue; }
    if (strchr("([{", src[semi])) d++;
    if (strchr(")]}", src[semi])) d--;
    if (d == 0 && src[semi] == '<') angle++;       /* template arguments */
    if (d == 0 && src[semi] == '>' && angle > 0) angle--;
    if (src[semi] == ',' && d == 0 && angle == 0 && npieces < 63)
      piece[npieces++] = semi + 1;
    if (src[semi] == ';' && d == 0) break;
    semi++;
  }
  piece[npieces] = semi + 1;
  static unsigned serial;          /* names the constructors apart */
  char name[128];
  if (is_extern) {
    size_t name_at = declarator_name(piece[0], piece[1] - 1, name, sizeof name);
    char type[256];                       /* the element type, less __align__ */
    size_t t = 0;
    for (size_t j = type_before_b; j < type_before_e && t < sizeof type - 1; j++)
      type[t++] = src[j] == '\n' ? ' ' : src[j];
    type_before_b = type_before_e = 0;
    for (size_t j = after_keyword; j < name_at && t < sizeof type - 1; j++) {
      if (!strncmp(src + j, "__align__", 9)) {
        j = match(skip_space(j + 9)) - 1;
        continue;
      }
      type[t++] = src[j] == '\n' ? ' ' : src[j];
    }
    type[t] = 0;
    for (int k = 0; k < npieces; k++) {
      declarator_name(piece[k], piece[k + 1] - 1, name, sizeof name);
      if (depth > 0)
        emitf("%s*%s = (%s*)litdnn_emu_dynamic_shared();", type, name, type);
      else
        emitf("static %s*%s; static void __attribute__((constructor)) "
              "litdnn_emu_dyn_%s_%u(void) { litdnn_emu_dynamic_shared_pointer("
              "(void **)&%s); }", type, name, name, serial++, name);
    }
    for (size_t i = pos; i < semi; i++)             /* keep the line count */
      if (src[i] == '\n') emits("\n");
    return semi + 1;
  }
  size_t t = out_len;                  /* "static __shared__" needs one static */
  while (t > 0 && isspace((unsigned char)out[t - 1])) t--;
  int has_static = t >= 6 && !strncmp(out + t - 6, "static", 6) &&
                   (t == 6 || !is_ident((unsigned char)out[t - 7]));
  emits(has_static ? "" : "static");
  rewrite_range(after_keyword, semi + 1, 0);
  for (int k = 0; k < npieces; k++) {
    declarator_name(piece[k], piece[k + 1] - 1, name, sizeof name);
    if (depth > 0)
      emitf(" litdnn_emu_shared(&%s, sizeof %s);", name, name);
    else
      emitf(" static void __attribute__((constructor)) litdnn_emu_shared_%s_%u(void)"
            " { litdnn_emu_shared_file_scope(&%s, sizeof %s); }", name, serial++,
            name, name);
  }
  return semi + 1;
}
#line 4526 "chapters/01-emulator.nw"
static const char *texture_names[] = {
  "tex1D", "tex1Dfetch", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered",
  "texCubemap", "surf1Dread", "surf1Dwrite", "surf2Dread", "surf2Dwrite",
  "surf3Dread", "surf3Dwrite", "cudaCreateTextureObject", "cudaBindTexture",
  "cudaCreateSurfaceObject", "cudaTextureObject_t", "cudaSurfaceObject_t", 0};

static size_t kernel_body_end;   /* inside a __global__ body until here */
static struct kernel pending;    /* a kernel whose body ends at kernel_body_end */

static int word_is(size_t i, size_t n, const char *w) {
  return strlen(w) == n && !strncmp(src + i, w, n);
}

/* pos at "__global__" at file scope: find the name and parameters */
static void note_kernel(size_t pos, struct kernel *k, size_t *close,
                        int *is_definition) {
  size_t i = pos + strlen("__global__");
  for (;;) {
    i = skip_space(i);
    if (i >= len) unsupported(pos, "a __global__ declaration without a name");
    if (is_ident((unsigned char)src[i])) {
      size_t b = i;
      while (i < len && is_ident((unsigned char)src[i])) i++;
      size_t p = skip_space(i);
      if (src[p] == '(') {
        if (word_is(b, i - b, "__launch_bounds__") ||
            word_is(b, i - b, "__attribute__") || word_is(b, i - b, "__align__")) {
          i = match(p);
          continue;
        }
        snprintf(k->name, sizeof k->name, "%.*s", (int)(i - b), src + b);
        *close = match(p);
        parse_params(k, p, *close);
        size_t after = skip_space(*close);
        *is_definition = after < len && src[after] == '{';
        if (*is_definition)
          kernel_body_end = match(after);
        else
          while (after < len && src[after] != ';') after++;
        if (!*is_definition) *close = after + 1;
        return;
      }
    } else {
      i++;
    }
  }
}

static size_t prototype_end;
static struct kernel prototype;
static int cxx;                   /* --cxx: the input is C++ */
static int pending_is_template, template_seen;
/* kernel templates, and kernels with default arguments, seen so far */
static char template_kernels[256][128], defaulted_kernels[256][128];
static int ntemplate_kernels, ndefaulted_kernels;

static void note_name(char list[][128], int *n, const char *name) {
  if (*n < 256)
    snprintf(list[(*n)++], 128, "%s", name);
}

/* the kernel's own name in "ns::k" or "k<T>" */
static int named_in(char list[][128], int n, const char *callee) {
  const char *last = callee;
  for (const char *c = callee; *c; c++)
    if (c[0] == ':' && c[1] == ':')
      last = c + 2;
  size_t len = 0;
  while (is_ident((unsigned char)last[len])) len++;
  for (int i = 0; i < n; i++)
    if (strlen(list[i]) == len && !strncmp(list[i], last, len))
      return 1;
  return 0;
}

static void note_template_kernel(const char *name)
{ note_name(template_kernels, &ntemplate_kernels, name); }
static int is_template_kernel(const char *callee)
{ return named_in(template_kernels, ntemplate_kernels, callee); }
static int has_default_arguments(const char *callee)
{ return named_in(defaulted_kernels, ndefaulted_kernels, callee); }

static void end_of_kernel(void) {
  if (!cxx)
    emit_kernel_support(&pending);
  else if (!pending_is_template)
    emit_kernel_registration(&pending);
  kernel_body_end = 0;
}

#line 4676 "chapters/01-emulator.nw"
static char brace_is_code[4096];
static int nbraces, code_depth;

static void open_brace(size_t at) {
  int code = code_depth > 0;
  if (!code) {
    size_t j = at;
    while (j > 0 && isspace((unsigned char)src[j - 1])) j--;
    size_t k = j;
    while (k > 0 && is_ident((unsigned char)src[k - 1])) k--;
    code = (j > 0 && src[j - 1] == ')') || word_is(k, j - k, "const") ||
           word_is(k, j - k, "noexcept") || word_is(k, j - k, "override") ||
           word_is(k, j - k, "mutable");
  }
  if (nbraces < (int)sizeof brace_is_code)
    brace_is_code[nbraces] = (char)code;
  nbraces++;
  code_depth += code;
}

static void close_brace(void) {
  if (nbraces > 0 && --nbraces < (int)sizeof brace_is_code)
    code_depth -= brace_is_code[nbraces];
}

#line 4618 "chapters/01-emulator.nw"
static void rewrite_range(size_t from, size_t to, int in_kernel_unused) {
  (void)in_kernel_unused;
  int depth = 0;
  size_t i = from;
  while (i < to) {
    if (i == kernel_body_end && kernel_body_end)
      end_of_kernel();
    if (i == prototype_end && prototype_end) {
      if (!cxx)
        emit_launcher_prototype(&prototype);
      prototype_end = 0;
    }
    size_t o = skip_other(i);
    if (o) {
      emit(src + i, o);
      i += o;
      continue;
    }
    char c = src[i];
    if (c == '{') {
      depth++;
      open_brace(i);
    }
    if (c == '}') {
      depth--;
      close_brace();
    }
    if (c == '{' || c == '}' || c == ';')
      template_seen = 0;
    /* a function's body: in C any brace, in C++ not a namespace's */
    int in_function = cxx ? code_depth > 0 : depth > 0;
    int in_kernel = kernel_body_end && i < kernel_body_end && in_function;
    if (cxx && !strncmp(src + i, "<<<", 3)) {
      i = rewrite_launch_cxx(i, in_kernel);
      continue;
    }
    if (!is_ident((unsigned char)c) || (i > 0 && is_ident((unsigned char)src[i - 1]))) {
      emit(&c, 1);
      i++;
      continue;
    }
    size_t b = i;
    while (i < to && is_ident((unsigned char)src[i])) i++;
    size_t n = i - b, next = skip_space(i);
    
#line 4703 "chapters/01-emulator.nw"
if (word_is(b, n, "template"))
  template_seen = 1;
if (word_is(b, n, "__global__") && !in_function) {
  size_t close;
  int definition;
  struct kernel k;
  note_kernel(b, &k, &close, &definition);
  if (template_seen)
    note_template_kernel(k.name);
  if (k.defaults)
    note_name(defaulted_kernels, &ndefaulted_kernels, k.name);
  if (definition) {
    pending = k;
    pending_is_template = template_seen;
  } else {
    prototype = k;
    prototype_end = close;
  }
}
if (word_is(b, n, "asm") || word_is(b, n, "__asm__") || word_is(b, n, "__asm"))
  unsupported(b, "inline PTX assembly (asm)");
for (int t = 0; texture_names[t]; t++)
  if (word_is(b, n, texture_names[t]))
    unsupported(b, "textures and surfaces");
if ((word_is(b, n, "texture") || word_is(b, n, "surface")) && src[next] == '<')
  unsupported(b, "textures and surfaces");
if (!cxx && (word_is(b, n, "this_grid") || word_is(b, n, "grid_group")))
  unsupported(b, "cooperative groups in C (a kernel in C waits at a "
                 "grid-wide barrier with litdnn_emu_grid_sync)");
if (word_is(b, n, "__shared__")) {
  i = rewrite_shared(b, i, 0, in_function);
  continue;
}
if (word_is(b, n, "extern") && !strncmp(src + next, "__shared__", 10) &&
    !is_ident((unsigned char)src[next + 10])) {
  i = rewrite_shared(b, next + 10, 1, in_function);
  continue;
}
if (word_is(b, n, "extern")) {          /* extern T __shared__ name[]; */
  size_t s = next;
  while (s < len && strncmp(src + s, "__shared__", 10) &&
         (is_ident((unsigned char)src[s]) || isspace((unsigned char)src[s]) || src[s] == ':'))
    s++;
  if (s > next && !strncmp(src + s, "__shared__", 10) &&
      !is_ident((unsigned char)src[s - 1]) && !is_ident((unsigned char)src[s + 10])) {
    type_before_b = next;
    type_before_e = s;
    i = rewrite_shared(b, s + 10, 1, in_function);
    continue;
  }
}
if (cxx) {
  emit(src + b, n);        /* C++ has dim3's constructors and the launch above */
  continue;
}
if (word_is(b, n, "dim3") && src[next] == '(') {   /* dim3(x, y) */
  emits("LITDNN_EMU_DIM3");
  continue;
}
if (word_is(b, n, "dim3") && is_ident((unsigned char)src[next]) && in_function) {
  /* dim3 g(x, y), b(z), c = d; : a declarator with arguments is initialised
     (at file scope dim3 f(int n) is a function, and stays as it is) */
  size_t e = next;
  while (is_ident((unsigned char)src[e])) e++;
  if (src[skip_space(e)] == '(') {
    emits("dim3");
    for (;;) {
      size_t name = skip_space(i), end = name, p;
      while (is_ident((unsigned char)src[end])) end++;
      emit(src + i, end - i);                        /* blanks, the name */
      if (src[p = skip_space(end)] == '(') {
        emits(" = LITDNN_EMU_DIM3(");
        size_t close = match(p);
        rewrite_range(p + 1, close - 1, 0);
        emits(")");
        i = close;
      } else {                                       /* up to its ',' or ';' */
        size_t stop = end;
        int d = 0;
        while (stop < len && !(d == 0 && (src[stop] == ',' || src[stop] == ';'))) {
          size_t o = skip_other(stop);
          if (o) { stop += o; continue; }
          d += strchr("([{", src[stop]) ? 1 : strchr(")]}", src[stop]) ? -1 : 0;
          stop++;
        }
        rewrite_range(end, stop, 0);
        i = stop;
      }
      if (src[i] != ',' && src[skip_space(i)] != ',')
        break;
      i = skip_space(i);
      emits(",");
      i++;
    }
    continue;
  }
}
if (!strncmp(src + next, "<<<", 3)) {
  emit(src + b, n);
  emit(src + i, next - i);
  i = rewrite_launch(next, in_kernel);
  continue;
}
#line 4663 "chapters/01-emulator.nw"
    emit(src + b, n);
  }
  if (to == len && kernel_body_end == len)
    end_of_kernel();
}
#line 4809 "chapters/01-emulator.nw"
static const char *include_dirs[32];
static int n_include_dirs;
static char *expanded_paths[256];
static int n_expanded;

static char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *buf = malloc(cap + 1);
  while ((got = fread(buf + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) buf = realloc(buf, (cap *= 2) + 1);
  fclose(f);
  buf[n] = 0;
  *size = n;
  return buf;
}

static void append(char **buf, size_t *n, size_t *cap, const char *s, size_t k) {
  if (*n + k + 1 > *cap) {
    *cap = 2 * (*n + k + 1);
    *buf = realloc(*buf, *cap);
  }
  memcpy(*buf + *n, s, k);
  *n += k;
  (*buf)[*n] = 0;
}

static void append_line_directive(char **buf, size_t *n, size_t *cap, long line, const char *file) {
  char d[1200];
  snprintf(d, sizeof d, "#line %ld \"%s\"\n", line, file);
  append(buf, n, cap, d, strlen(d));
}

/* the header `name` included from `from`, or NULL */
static char *find_header(const char *from, const char *name) {
  static char path[2048];
  const char *slash = strrchr(from, '/');
  snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - from + 1) : 0, from, name);
  FILE *f = fopen(path, "rb");
  for (int d = 0; !f && d < n_include_dirs; d++) {
    snprintf(path, sizeof path, "%s/%s", include_dirs[d], name);
    f = fopen(path, "rb");
  }
  if (!f) return NULL;
  fclose(f);
  return path;
}

/* the text of `path` with its kernel headers expanded, appended to buf */
static void expand(const char *path, const char *text, char **buf, size_t *n, size_t *cap) {
  long raw = 1, directive_raw = 0, directive_to = 0;   /* the last #line of this file */
  char directive_name[1024] = "";
  for (const char *l = text; *l;) {
    const char *e = strchr(l, '\n');
    size_t k = e ? (size_t)(e - l + 1) : strlen(l);
    const char *c = l;
    while (*c == ' ' || *c == '\t') c++;
    char name[1024];
    long to;
    if (sscanf(c, "#line %ld \"%1023[^\"]\"", &to, name) == 2 ||
        sscanf(c, "# %ld \"%1023[^\"]\"", &to, name) == 2) {
      directive_raw = raw;
      directive_to = to;
      snprintf(directive_name, sizeof directive_name, "%s", name);
    }
    int is_include = sscanf(c, "#include \"%1023[^\"]\"", name) == 1 ||
                     sscanf(c, "# include \"%1023[^\"]\"", name) == 1;
    size_t nl = strlen(name);
    char *found = is_include && nl > 4 && !strcmp(name + nl - 4, ".cuh") ? find_header(path, name) : NULL;
    if (found) {
      int seen = 0;
      for (int i = 0; i < n_expanded; i++) seen |= !strcmp(expanded_paths[i], found);
      if (!seen && n_expanded < 256) {
        size_t size;
        char *hdr = read_file(found, &size);
        expanded_paths[n_expanded++] = strdup(found);
        char *own = strdup(found);
        append_line_directive(buf, n, cap, 1, own);
        expand(own, hdr, buf, n, cap);
        if (*n && (*buf)[*n - 1] != '\n') append(buf, n, cap, "\n", 1);
        free(hdr);
        free(own);
      } else {
        append(buf, n, cap, "\n", 1);   /* expanded before: the line stays, empty */
      }
      /* back in this file, on the line after the include */
      if (directive_raw)
        append_line_directive(buf, n, cap, directive_to + (raw - directive_raw), directive_name);
      else
        append_line_directive(buf, n, cap, raw + 1, path);
    } else {
      append(buf, n, cap, l, k);
    }
    l += k;
    raw++;
  }
}

/* make's rule: the rewritten file depends on the headers it expanded */
static int write_depfile(const char *depfile, const char *target) {
  FILE *f = fopen(depfile, "w");
  if (!f) { perror(depfile); return 1; }
  fprintf(f, "%s:", target);
  for (int i = 0; i < n_expanded; i++) fprintf(f, " %s", expanded_paths[i]);
  fprintf(f, "\n");
  for (int i = 0; i < n_expanded; i++) fprintf(f, "%s:\n", expanded_paths[i]);
  return fclose(f) != 0;
}
#line 4921 "chapters/01-emulator.nw"
int main(int argc, char **argv) {
  const char *input = NULL, *depfile = NULL, *target = "-";
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--cxx")) cxx = 1;
    else if (!strcmp(argv[a], "-I") && a + 1 < argc && n_include_dirs < 32) include_dirs[n_include_dirs++] = argv[++a];
    else if (!strncmp(argv[a], "-I", 2) && argv[a][2] && n_include_dirs < 32) include_dirs[n_include_dirs++] = argv[a] + 2;
    else if (!strcmp(argv[a], "-MF") && a + 1 < argc) depfile = argv[++a];
    else if (!strcmp(argv[a], "-MT") && a + 1 < argc) target = argv[++a];
    else if (!input && argv[a][0] != '-') input = argv[a];
    else input = NULL, a = argc;
  }
  if (!input) {
    fprintf(stderr, "usage: litdnn-emu-rewrite [--cxx] [-I DIR]... [-MF DEPFILE -MT TARGET] IN.cu > OUT\n");
    return 2;
  }
  in_name = file_name = input;
  size_t size, cap = 1 << 16, n = 0;
  char *text = read_file(input, &size);
  if (!text) {
    perror(input);
    return 1;
  }
  char *buf = malloc(cap);
  buf[0] = 0;
  expand(input, text, &buf, &n, &cap);
  src = buf;
  len = n;
  emits("#line 1 \"");
  for (const char *c = in_name; *c; c++) {
    if (*c == '"' || *c == '\\') emits("\\");
    emit(c, 1);
  }
  emits("\"\n");
  rewrite_range(0, len, 0);
  fwrite(out, 1, out_len, stdout);
  if (depfile && write_depfile(depfile, target)) return 1;
  return fflush(stdout) ? 1 : 0;
}
