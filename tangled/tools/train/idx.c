#line 65 "chapters/11-training.nw"
/* Reading Fashion-MNIST's gzip-compressed IDX files. */
#include "train.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#line 84 "chapters/11-training.nw"
int train_fail(char *err, size_t size, const char *fmt, ...)
{
  if (err && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
  }
  return -1;
}
#line 97 "chapters/11-training.nw"
static int gz_read_all(gzFile f, const char *path, void *buf, size_t n, const char *what,
                       char *err, size_t errsize)
{
  unsigned char *p = buf;
  size_t got = 0;
  while (got < n) {
    size_t chunk = n - got < (1u << 30) ? n - got : (1u << 30);
    int r = gzread(f, p + got, (unsigned)chunk);
    if (r < 0) {
      int code;
      const char *msg = gzerror(f, &code);
      return train_fail(err, errsize, "%s: corrupt gzip data while reading the %s: %s", path, what,
                        code == Z_ERRNO ? strerror(errno) : msg);
    }
    if (r == 0)
      return train_fail(err, errsize, "%s: truncated: the %s needs %zu bytes, the file has %zu",
                        path, what, n, got);
    got += (size_t)r;
  }
  return 0;
}
#line 128 "chapters/11-training.nw"
/* Read `path` (IDX of unsigned bytes with `dims` dimensions) into a
   malloc'd array; sizes[] receives the dimensions. */
static unsigned char *idx_read(const char *path, int dims, int sizes[], char *err, size_t errsize)
{
  gzFile f = gzopen(path, "rb");
  if (!f) {
    train_fail(err, errsize, "%s: cannot open: %s", path, errno ? strerror(errno) : "out of memory");
    return NULL;
  }
  unsigned char header[4 + 4 * 3], *data = NULL;
  if (gz_read_all(f, path, header, 4 + 4 * (size_t)dims, "header", err, errsize) != 0)
    goto fail;
  if (header[0] != 0 || header[1] != 0 || header[2] != 0x08 || header[3] != dims) {
    train_fail(err, errsize, "%s: not an IDX file of %d-dimensional unsigned bytes "
               "(magic %02x %02x %02x %02x, expected 00 00 08 %02x)",
               path, dims, header[0], header[1], header[2], header[3], dims);
    goto fail;
  }
  size_t total = 1;
  for (int d = 0; d < dims; d++) {
    const unsigned char *b = header + 4 + 4 * d;
    uint32_t v = ((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) | ((uint32_t)b[2] << 8) | b[3];
    if (v == 0 || v > (1u << 28) || total > ((size_t)1 << 34) / v) {
      train_fail(err, errsize, "%s: dimension %d has an implausible size %u", path, d, v);
      goto fail;
    }
    sizes[d] = (int)v;
    total *= v;
  }
  data = malloc(total);
  if (!data) {
    train_fail(err, errsize, "%s: cannot allocate %zu bytes", path, total);
    goto fail;
  }
  if (gz_read_all(f, path, data, total, "data", err, errsize) != 0)
    goto fail;
  unsigned char extra;
  int r = gzread(f, &extra, 1);
  if (r != 0) {
    int code;
    const char *msg = gzerror(f, &code);
    train_fail(err, errsize, r > 0 ? "%s: %s bytes after the data the header announces"
                                   : "%s: corrupt gzip data at the end of the file: %s",
               path, r > 0 ? "unexpected" : msg);
    goto fail;
  }
  gzclose(f);
  return data;
fail:
  free(data);
  gzclose(f);
  return NULL;
}
#line 189 "chapters/11-training.nw"
int train_load_fashion_mnist(const char *dir, int split, int limit, train_dataset *ds,
                             char *err, size_t errsize)
{
  static const char *names[2][2] = {
      {"t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"},
      {"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"}};
  char ipath[4096], lpath[4096];
  memset(ds, 0, sizeof *ds);
  snprintf(ipath, sizeof ipath, "%s/%s", dir, names[split == TRAIN_SPLIT_TRAIN][0]);
  snprintf(lpath, sizeof lpath, "%s/%s", dir, names[split == TRAIN_SPLIT_TRAIN][1]);
  int isize[3], lsize[1];
  unsigned char *pixels = idx_read(ipath, 3, isize, err, errsize);
  if (!pixels)
    return -1;
  unsigned char *labels = idx_read(lpath, 1, lsize, err, errsize);
  if (!labels) {
    free(pixels);
    return -1;
  }
  int fail = 0;
  if (lsize[0] != isize[0])
    fail = train_fail(err, errsize, "%s: %d labels for the %d images of %s", lpath, lsize[0],
                      isize[0], ipath);
  for (int i = 0; !fail && i < lsize[0]; i++)
    if (labels[i] >= TRAIN_CLASSES)
      fail = train_fail(err, errsize, "%s: label %d of image %d is not a class 0..%d", lpath,
                        labels[i], i, TRAIN_CLASSES - 1);
  int count = limit > 0 && limit < isize[0] ? limit : isize[0];
  size_t pixels_per_image = (size_t)isize[1] * isize[2];
  ds->images = fail ? NULL : malloc((size_t)count * pixels_per_image * sizeof(float));
  if (!fail && !ds->images)
    fail = train_fail(err, errsize, "%s: cannot allocate the images as floats", ipath);
  if (!fail) {
    for (size_t i = 0; i < (size_t)count * pixels_per_image; i++)
      ds->images[i] = ((float)pixels[i] / 255.0f - TRAIN_PIXEL_MEAN) / TRAIN_PIXEL_STD;
    ds->labels = labels;
    ds->count = count;
    ds->rows = isize[1];
    ds->cols = isize[2];
  } else {
    free(labels);
  }
  free(pixels);
  return fail ? -1 : 0;
}

void train_free_dataset(train_dataset *ds)
{
  free(ds->images);
  free(ds->labels);
  memset(ds, 0, sizeof *ds);
}
