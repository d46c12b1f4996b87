/* The closing chapter's training code (tangled/tools/train): a network
 * trained end to end through the public API.
 *
 * - Reading Fashion-MNIST: small IDX files written here, good and broken;
 *   a missing or corrupt file is an error that names the file.
 * - The gradient of the whole of LeNet-5 (every trainable tensor, dropout
 *   on) against central finite differences of the loss, on a tiny batch.
 * - A CPU training run of 320 images against a golden curve computed here
 *   by an independent LeNet-5 in double precision (forward, backward and
 *   the SGD update written from the formulas, not from the library).
 * - A saved model reloads and gives the same test loss and accuracy, bit
 *   for bit; a broken model file is refused by name and changes nothing.
 * - A few steps on the emulator agree with the CPU.
 * - The program itself: a missing data directory, and plain progress
 *   lines when its output is not a terminal.
 * Everything runs on the CPU backend except the emulator case. */
#include "common.h"
#include "../tangled/tools/train/train.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#define IMG 784

static char *make_temp_dir(void)
{
  static char dir[64];
  snprintf(dir, sizeof dir, "/tmp/litdnn-train-test.XXXXXX");
  cr_assert_not_null(mkdtemp(dir));
  return dir;
}

static void remove_dir(const char *dir)
{
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  cr_assert_eq(system(cmd), 0);
}

/* ---------------------------------------------------------------- IDX files */
static void write_gz(const char *path, const unsigned char *bytes, size_t n)
{
  gzFile f = gzopen(path, "wb");
  cr_assert_not_null(f, "cannot write %s", path);
  cr_assert_eq(gzwrite(f, bytes, (unsigned)n), (int)n);
  cr_assert_eq(gzclose(f), Z_OK);
}

static size_t idx_header(unsigned char *b, int dims, const int *sizes)
{
  b[0] = b[1] = 0;
  b[2] = 0x08;
  b[3] = (unsigned char)dims;
  for (int d = 0; d < dims; d++) {
    b[4 + 4 * d] = (unsigned char)(sizes[d] >> 24);
    b[5 + 4 * d] = (unsigned char)(sizes[d] >> 16);
    b[6 + 4 * d] = (unsigned char)(sizes[d] >> 8);
    b[7 + 4 * d] = (unsigned char)sizes[d];
  }
  return 4 + 4 * (size_t)dims;
}

/* A test split of `count` images (pixel i of image k = (k + i) % 256) and
   labels k % 10, in dir; `images` and `labels` say how many of each the
   files really hold. */
static void write_split(const char *dir, int count, int images, int labels)
{
  size_t size = 16 + (size_t)images * IMG;
  unsigned char *b = malloc(size);
  int isizes[3] = {count, 28, 28}, lsizes[1] = {count};
  size_t h = idx_header(b, 3, isizes);
  for (int k = 0; k < images; k++)
    for (int i = 0; i < IMG; i++)
      b[h + (size_t)k * IMG + i] = (unsigned char)((k + i) % 256);
  char path[256];
  snprintf(path, sizeof path, "%s/t10k-images-idx3-ubyte.gz", dir);
  write_gz(path, b, h + (size_t)images * IMG);
  h = idx_header(b, 1, lsizes);
  for (int k = 0; k < labels; k++)
    b[h + k] = (unsigned char)(k % 10);
  snprintf(path, sizeof path, "%s/t10k-labels-idx1-ubyte.gz", dir);
  write_gz(path, b, h + (size_t)labels);
  free(b);
}

static void expect_load_error(const char *dir, const char *file, const char *needle)
{
  train_dataset ds;
  char err[512] = "", path[256];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  cr_assert_eq(train_load_fashion_mnist(dir, TRAIN_SPLIT_TEST, 0, &ds, err, sizeof err), -1,
               "a broken %s loaded", file);
  cr_assert_not_null(strstr(err, path), "the message does not name %s: %s", path, err);
  cr_assert_not_null(strstr(err, needle), "the message does not say '%s': %s", needle, err);
  cr_assert_null(ds.images);
}

Test(training, idx_reads_a_good_split)
{
  char *dir = make_temp_dir();
  write_split(dir, 5, 5, 5);
  train_dataset ds;
  char err[512] = "";
  cr_assert_eq(train_load_fashion_mnist(dir, TRAIN_SPLIT_TEST, 0, &ds, err, sizeof err), 0, "%s", err);
  cr_assert_eq(ds.count, 5);
  cr_assert_eq(ds.rows, 28);
  cr_assert_eq(ds.cols, 28);
  for (int k = 0; k < 5; k++) {
    cr_assert_eq(ds.labels[k], k % 10);
    for (int i = 0; i < IMG; i += 97) {
      float want = ((float)((k + i) % 256) / 255.0f - TRAIN_PIXEL_MEAN) / TRAIN_PIXEL_STD;
      cr_assert_eq(ds.images[(size_t)k * IMG + i], want, "image %d pixel %d", k, i);
    }
  }
  train_free_dataset(&ds);
  cr_assert_eq(train_load_fashion_mnist(dir, TRAIN_SPLIT_TEST, 3, &ds, err, sizeof err), 0, "%s", err);
  cr_assert_eq(ds.count, 3, "--limit keeps the first images");
  train_free_dataset(&ds);
  remove_dir(dir);
}

Test(training, idx_missing_file_is_named)
{
  char *dir = make_temp_dir();
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "cannot open");
  write_split(dir, 5, 5, 5);
  char path[256];
  snprintf(path, sizeof path, "%s/t10k-labels-idx1-ubyte.gz", dir);
  cr_assert_eq(unlink(path), 0);
  expect_load_error(dir, "t10k-labels-idx1-ubyte.gz", "cannot open");
  remove_dir(dir);
}

Test(training, idx_corrupt_files_are_named)
{
  char *dir = make_temp_dir();
  char path[256];
  snprintf(path, sizeof path, "%s/t10k-images-idx3-ubyte.gz", dir);

  /* fewer images than the header announces */
  write_split(dir, 5, 3, 5);
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "truncated");

  /* a wrong magic number */
  unsigned char b[16 + IMG];
  int sizes[3] = {1, 28, 28};
  idx_header(b, 3, sizes);
  b[2] = 0x0D;   /* floats, not bytes */
  memset(b + 16, 1, IMG);
  write_gz(path, b, sizeof b);
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "magic");

  /* a gzip stream cut in the middle */
  write_split(dir, 5, 5, 5);
  FILE *f = fopen(path, "rb");
  unsigned char gz[8192];
  size_t n = fread(gz, 1, sizeof gz, f);
  fclose(f);
  cr_assert_gt(n, 40u);
  f = fopen(path, "wb");
  fwrite(gz, 1, n / 2, f);
  fclose(f);
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "images-idx3");

  /* a flipped bit inside the compressed data: zlib's checks catch it */
  write_split(dir, 5, 5, 5);
  f = fopen(path, "rb");
  n = fread(gz, 1, sizeof gz, f);
  fclose(f);
  gz[n - 6] ^= 0x55;   /* in the CRC-32 of the trailer */
  f = fopen(path, "wb");
  fwrite(gz, 1, n, f);
  fclose(f);
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "corrupt");

  /* bytes after the data */
  write_split(dir, 5, 6, 5);
  expect_load_error(dir, "t10k-images-idx3-ubyte.gz", "after the data");

  /* fewer labels than images, and a label outside 0..9 */
  write_split(dir, 5, 5, 5);
  unsigned char lb[8 + 5];
  int lsizes[1] = {4};
  idx_header(lb, 1, lsizes);
  memset(lb + 8, 1, 5);
  snprintf(path, sizeof path, "%s/t10k-labels-idx1-ubyte.gz", dir);
  write_gz(path, lb, 8 + 4);
  expect_load_error(dir, "t10k-labels-idx1-ubyte.gz", "4 labels for the 5 images");
  lsizes[0] = 5;
  idx_header(lb, 1, lsizes);
  lb[8 + 3] = 10;
  write_gz(path, lb, sizeof lb);
  expect_load_error(dir, "t10k-labels-idx1-ubyte.gz", "label 10 of image 3");
  remove_dir(dir);
}

/* --------------------------------------------------------- network helpers */
static train_net *cpu_lenet(int batch, float dropout, uint64_t seed)
{
  train_config cfg;
  train_config_default(&cfg);
  cfg.backend = LITDNN_BACKEND_CPU;
  cfg.batch = batch;
  cfg.dropout = dropout;
  cfg.seed = seed;
  char err[512] = "";
  train_net *net = train_lenet5(&cfg, err, sizeof err);
  cr_assert_not_null(net, "train_lenet5: %s", err);
  return net;
}

static int param_index(train_net *net, const char *name)
{
  for (int i = 0; i < net->param_count; i++)
    if (strcmp(net->params[i].name, name) == 0)
      return i;
  cr_assert_fail("no parameter %s", name);
  return -1;
}

static void load_fashion(int split, int limit, train_dataset *ds)
{
  char err[512] = "";
  cr_assert_eq(train_load_fashion_mnist(TRAIN_DEFAULT_DATA, split, limit, ds, err, sizeof err), 0,
               "%s (the Debian package dataset-fashion-mnist provides it: make deps)", err);
}

static double forward_loss(train_net *net, const float *x, const unsigned char *labels, int n)
{
  double loss;
  int correct;
  cr_assert_eq(train_reset_dropout(net), 0, "%s", net->err);
  cr_assert_eq(train_forward(net, x, n, 1), 0, "%s", net->err);
  cr_assert_eq(train_loss(net, labels, n, &loss, &correct), 0, "%s", net->err);
  return loss;
}

/* ------------------------------------------------ gradients by differences */
/* For every trainable tensor: the derivative of the loss along a random
   direction, and along three single coordinates, by central differences,
   against the backward pass. Dropout is on (p = 0.25): resetting its
   descriptor before each forward pass gives every pass the same mask.

   The loss of a ReLU network with max pooling is smooth only between
   kinks: where a ReLU's input changes sign or a pooling window changes
   its winner. A difference quotient whose step reaches across a kink is
   not the derivative (a kink right next to the point biases it by half
   the jump in slope, whatever the step), so each forward pass records
   the network's pattern — which ReLU outputs are positive, which input
   wins each pooling window — and a check whose two perturbed passes do
   not have the unperturbed pattern draws another coordinate or direction
   (at most 50 times; the test fails if it runs out). */
typedef struct {
  unsigned char *bits;
  size_t size;
} pattern;

static void pattern_add_layer(train_net *net, pattern *pt, int layer, int pooling)
{
  train_layer *l = net->layers[layer];
  const float *src = pooling ? net->layers[layer - 1]->y : l->y;
  size_t count = (size_t)l->n * (pooling ? (size_t)l->in_c * l->in_h * l->in_w : (size_t)l->c * l->h * l->w);
  float *v = malloc(count * sizeof *v);
  cr_assert_eq(litdnnMemcpy(net->handle, v, src, count * sizeof *v, LITDNN_MEMCPY_DEVICE_TO_HOST),
               LITDNN_STATUS_SUCCESS);
  if (!pooling) {
    pt->bits = realloc(pt->bits, pt->size + count);
    for (size_t i = 0; i < count; i++)
      pt->bits[pt->size++] = v[i] > 0.0f;
  } else {   /* 2 x 2 windows, stride 2: the index of each window's winner */
    size_t windows = (size_t)l->n * l->c * l->h * l->w;
    pt->bits = realloc(pt->bits, pt->size + windows);
    for (size_t o = 0; o < windows; o++) {
      size_t plane = o / ((size_t)l->h * l->w), p = o / l->w % l->h, q = o % l->w;
      const float *base = v + plane * l->in_h * l->in_w + 2 * p * l->in_w + 2 * q;
      int best = 0;
      for (int k = 1; k < 4; k++)
        if (base[(k / 2) * l->in_w + k % 2] > base[(best / 2) * l->in_w + best % 2])
          best = k;
      pt->bits[pt->size++] = (unsigned char)best;
    }
  }
  free(v);
}

static pattern pattern_of(train_net *net)
{
  pattern pt = {NULL, 0};
  for (int i = 0; i < net->layer_count; i++) {
    const char *name = net->layers[i]->name;
    if (strcmp(name, "conv1") == 0 || strncmp(name, "relu", 4) == 0)
      pattern_add_layer(net, &pt, i, 0);
    else if (strncmp(name, "pool", 4) == 0)
      pattern_add_layer(net, &pt, i, 1);
  }
  return pt;
}

static int same_pattern(const pattern *a, const pattern *b)
{
  return a->size == b->size && memcmp(a->bits, b->bits, a->size) == 0;
}

/* (L(w + h d) - L(w - h d)) / 2h, or NAN when either pass left the
   pattern `at` of the unperturbed network */
static double central_difference(train_net *net, int p, const float *w, float *wp,
                                 const double *d, size_t count, double h, const float *x,
                                 const unsigned char *labels, int n, const pattern *at)
{
  double loss[2];
  int smooth = 1;
  for (int side = 0; side < 2; side++) {
    for (size_t i = 0; i < count; i++)
      wp[i] = (float)(w[i] + (side ? -h : h) * d[i]);
    cr_assert_eq(train_set_param(net, p, wp), 0);
    loss[side] = forward_loss(net, x, labels, n);
    pattern here = pattern_of(net);
    smooth = smooth && same_pattern(&here, at);
    free(here.bits);
  }
  cr_assert_eq(train_set_param(net, p, w), 0);
  return smooth ? (loss[0] - loss[1]) / (2.0 * h) : NAN;
}

/* The index of a coordinate drawn among the 32 where |g| is largest. */
static size_t large_coordinate(const float *g, size_t count)
{
  size_t top[32];
  int k = 0;
  for (size_t i = 0; i < count; i++) {
    if (k == 32 && fabsf(g[i]) <= fabsf(g[top[31]]))
      continue;
    int j = k < 32 ? k++ : 31;
    while (j > 0 && fabsf(g[top[j - 1]]) < fabsf(g[i])) {
      top[j] = top[j - 1];
      j--;
    }
    top[j] = i;
  }
  return top[t_rand_int(0, k - 1)];
}

/* A random point of the network can be degenerate: an activation or a
   pooling tie so close to a kink that every small step in some tensor
   crosses it, or a tensor whose derivatives there are all smaller than
   the finite differences can resolve. Such a point says nothing about
   the code, so the check moves to another random point (new weights,
   images and labels), at most three; a derivative that disagrees with
   the finite differences fails at once, at any point. */
Test(training, whole_network_gradient_by_finite_differences, .timeout = 240)
{
  const int n = 2;   /* few images, few kinks */
  static const char *const what[4] = {"a random direction in 8 coordinates",
                                      "a coordinate of a large gradient", "a random coordinate",
                                      "a random coordinate"};
  int done = 0;
  char degenerate[256] = "";
  for (int point = 0; point < 3 && !done; point++) {
    train_net *net = cpu_lenet(n, 0.25f, t_seed() + (unsigned long long)point);
    float *x = t_random((size_t)n * IMG, -2.0f, 2.0f);
    unsigned char labels[2];
    for (int i = 0; i < n; i++)
      labels[i] = (unsigned char)t_rand_int(0, 9);
    forward_loss(net, x, labels, n);
    pattern at = pattern_of(net);
    cr_assert_eq(train_backward(net), 0, "%s", net->err);
    int checked = 0, redrawn = 0;
    degenerate[0] = '\0';
    for (int p = 0; p < net->param_count && !degenerate[0]; p++) {
      train_param *tp = &net->params[p];
      if (!tp->trainable)
        continue;
      size_t count = tp->count;
      float *w = malloc(count * sizeof *w), *g = malloc(count * sizeof *g), *wp = malloc(count * sizeof *wp);
      double *d = malloc(count * sizeof *d);
      cr_assert_eq(train_get_param(net, p, w), 0);
      cr_assert_eq(train_get_grad(net, p, g), 0);
      double strongest = 0.0, tol_there = 0.0;
      for (int trial = 0; trial < 4 && !degenerate[0]; trial++) {
        for (int tries = 0;; tries++) {
          if (tries == 50) {
            snprintf(degenerate, sizeof degenerate, "%s, %s: every draw crosses a kink", tp->name, what[trial]);
            break;
          }
          /* Trial 0 moves along a random unit direction in 8 random
             coordinates (a direction in all of them would cross a kink in
             nearly every draw: conv1's weights reach 9 408 ReLU inputs);
             trial 1 along one of the 32 largest entries of the gradient, so
             that every tensor has one check where the derivative is large;
             trials 2 and 3 along random coordinates. */
          memset(d, 0, count * sizeof *d);
          if (trial == 0) {
            double norm = 0.0;
            for (int k = 0; k < 8; k++) {
              size_t i = (size_t)t_rand_int(0, (int)count - 1);
              d[i] += t_uniform(-1.0f, 1.0f);
            }
            for (size_t i = 0; i < count; i++)
              norm += d[i] * d[i];
            for (size_t i = 0; i < count; i++)
              d[i] /= sqrt(norm);
          } else {
            d[trial == 1 ? large_coordinate(g, count) : (size_t)t_rand_int(0, (int)count - 1)] = 1.0;
          }
          /* Steps of 1e-3, then 5e-4 and 2.5e-4 while the step crosses a
             kink. The loss (about 2.3, from float log-probabilities) carries
             a rounding error of about 1e-6, which the quotient divides by
             2h: the tolerance is 1.5e-6 / h, plus 1 % for the curvature
             term (h^2/6 times the third derivative). */
          double fd = NAN, h = 2e-3;
          while (isnan(fd) && h > 2.5e-4) {
            h /= 2;
            fd = central_difference(net, p, w, wp, d, count, h, x, labels, n, &at);
          }
          if (isnan(fd)) {
            redrawn++;
            continue;
          }
          double analytic = 0.0;
          for (size_t i = 0; i < count; i++)
            analytic += (double)g[i] * d[i];
          /* A wrong gradient (a missing factor, a wrong transpose, a lost
             bias, a mask that differs between the passes) misses by far
             more than this. */
          double tol = 1.5e-6 / h + 0.01 * fabs(fd);
          cr_assert(fabs(fd - analytic) <= tol,
                    "%s, %s: finite differences %.6g (step %.2g), backward pass %.6g (seed %llu, point %d)",
                    tp->name, what[trial], fd, h, analytic, (unsigned long long)t_seed(), point);
          if (getenv("LITDNN_TEST_VERBOSE"))
            cr_log_info("%s: fd %.6g analytic %.6g h %g tol %g", tp->name, fd, analytic, h, tol);
          if (fabs(analytic) > strongest) {
            strongest = fabs(analytic);
            tol_there = tol;
          }
          checked++;
          break;
        }
      }
      /* not vacuous: one derivative of each tensor is well above the tolerance */
      if (!degenerate[0] && !(strongest > 3.0 * tol_there))
        snprintf(degenerate, sizeof degenerate, "%s: the largest derivative checked, %.3g, is not far above "
                 "its tolerance %.3g", tp->name, strongest, tol_there);
      free(w), free(g), free(wp), free(d);
    }
    if (degenerate[0]) {
      cr_log_info("point %d is degenerate (%s); another point", point, degenerate);
    } else {
      cr_assert_eq(checked, 4 * 11, "LeNet-5 has 11 trainable tensors");
      cr_log_info("%d derivatives checked at point %d; %d draws that crossed a kink drawn again", checked,
                  point, redrawn);
      done = 1;
    }
    free(at.bits);
    free(x);
    train_net_destroy(net);
  }
  cr_assert(done, "three random points were degenerate, the last: %s (seed %llu)", degenerate,
            (unsigned long long)t_seed());
}

/* ------------------------------------ an independent LeNet-5 in double */
typedef struct {
  double *c1w, *c1b, *c2w, *g2, *b2, *f1w, *f1b, *f2w, *f2b, *f3w, *f3b;
} ref_tensors;
typedef struct {
  ref_tensors w, v;   /* weights, velocities */
  size_t size[11];
} ref_net;

static const char *const ref_names[11] = {"conv1.weight", "conv1.bias", "conv2.weight",
    "bn2.weight", "bn2.bias", "fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias", "fc3.weight",
    "fc3.bias"};

static double **ref_slot(ref_tensors *t, int i)
{
  double **slots[11] = {&t->c1w, &t->c1b, &t->c2w, &t->g2, &t->b2, &t->f1w, &t->f1b, &t->f2w,
                        &t->f2b, &t->f3w, &t->f3b};
  return slots[i];
}

static void ref_from_net(ref_net *r, train_net *net)
{
  for (int i = 0; i < 11; i++) {
    int p = param_index(net, ref_names[i]);
    size_t count = net->params[p].count;
    float *host = malloc(count * sizeof *host);
    cr_assert_eq(train_get_param(net, p, host), 0);
    r->size[i] = count;
    *ref_slot(&r->w, i) = malloc(count * sizeof(double));
    *ref_slot(&r->v, i) = calloc(count, sizeof(double));
    for (size_t j = 0; j < count; j++)
      (*ref_slot(&r->w, i))[j] = host[j];
    free(host);
  }
}

static void ref_free(ref_net *r)
{
  for (int i = 0; i < 11; i++) {
    free(*ref_slot(&r->w, i));
    free(*ref_slot(&r->v, i));
  }
}

/* y[n][k][oh][ow] = sum over c, r, s of x[n][c][oh + r - pad][ow + s - pad] w[k][c][r][s] */
static void ref_conv(const double *x, int n, int c, int h, int w, const double *f, int k, int r,
                     int pad, double *y, int oh, int ow)
{
  for (int i = 0; i < n; i++)
    for (int o = 0; o < k; o++)
      for (int p = 0; p < oh; p++)
        for (int q = 0; q < ow; q++) {
          double s = 0.0;
          for (int ch = 0; ch < c; ch++)
            for (int u = 0; u < r; u++)
              for (int v = 0; v < r; v++) {
                int hi = p + u - pad, wi = q + v - pad;
                if (hi >= 0 && hi < h && wi >= 0 && wi < w)
                  s += x[((size_t)(i * c + ch) * h + hi) * w + wi] * f[((size_t)(o * c + ch) * r + u) * r + v];
              }
          y[((size_t)(i * k + o) * oh + p) * ow + q] = s;
        }
}

/* the gradients of ref_conv: dx (if not NULL) and dw, from dy */
static void ref_conv_back(const double *x, int n, int c, int h, int w, const double *f, int k, int r,
                          int pad, const double *dy, int oh, int ow, double *dx, double *df)
{
  if (dx)
    memset(dx, 0, (size_t)n * c * h * w * sizeof *dx);
  memset(df, 0, (size_t)k * c * r * r * sizeof *df);
  for (int i = 0; i < n; i++)
    for (int o = 0; o < k; o++)
      for (int p = 0; p < oh; p++)
        for (int q = 0; q < ow; q++) {
          double g = dy[((size_t)(i * k + o) * oh + p) * ow + q];
          for (int ch = 0; ch < c; ch++)
            for (int u = 0; u < r; u++)
              for (int v = 0; v < r; v++) {
                int hi = p + u - pad, wi = q + v - pad;
                if (hi < 0 || hi >= h || wi < 0 || wi >= w)
                  continue;
                size_t xi = ((size_t)(i * c + ch) * h + hi) * w + wi, fi = ((size_t)(o * c + ch) * r + u) * r + v;
                df[fi] += g * x[xi];
                if (dx)
                  dx[xi] += g * f[fi];
              }
        }
}

/* 2x2 max pooling, stride 2; arg[] remembers which input won */
static void ref_pool(const double *x, int planes, int h, int w, double *y, size_t *arg)
{
  int oh = h / 2, ow = w / 2;
  for (int pl = 0; pl < planes; pl++)
    for (int p = 0; p < oh; p++)
      for (int q = 0; q < ow; q++) {
        size_t best = ((size_t)pl * h + 2 * p) * w + 2 * q;
        for (int u = 0; u < 2; u++)
          for (int v = 0; v < 2; v++) {
            size_t i = ((size_t)pl * h + 2 * p + u) * w + 2 * q + v;
            if (x[i] > x[best])
              best = i;
          }
        size_t o = ((size_t)pl * oh + p) * ow + q;
        y[o] = x[best];
        arg[o] = best;
      }
}

/* y[i][o] = b[o] + sum over j of x[i][j] w[o][j] */
static void ref_fc(const double *x, int n, int in, const double *w, const double *b, int out, double *y)
{
  for (int i = 0; i < n; i++)
    for (int o = 0; o < out; o++) {
      double s = b[o];
      for (int j = 0; j < in; j++)
        s += x[(size_t)i * in + j] * w[(size_t)o * in + j];
      y[(size_t)i * out + o] = s;
    }
}

static void ref_fc_back(const double *x, int n, int in, const double *w, int out, const double *dy,
                        double *dx, double *dw, double *db)
{
  memset(dw, 0, (size_t)out * in * sizeof *dw);
  memset(db, 0, (size_t)out * sizeof *db);
  memset(dx, 0, (size_t)n * in * sizeof *dx);
  for (int i = 0; i < n; i++)
    for (int o = 0; o < out; o++) {
      double g = dy[(size_t)i * out + o];
      db[o] += g;
      for (int j = 0; j < in; j++) {
        dw[(size_t)o * in + j] += g * x[(size_t)i * in + j];
        dx[(size_t)i * in + j] += g * w[(size_t)o * in + j];
      }
    }
}

static double *zeros(size_t n) { return calloc(n, sizeof(double)); }

/* One training step of the reference (no dropout): returns the mean loss. */
static double ref_step(ref_net *r, const float *images, const unsigned char *labels, int n,
                       double lr, double momentum, double decay)
{
  const double eps = 1e-5;
  ref_tensors *W = &r->w;
  double *x = zeros((size_t)n * IMG);
  for (size_t i = 0; i < (size_t)n * IMG; i++)
    x[i] = images[i];
  /* forward */
  double *a1 = zeros((size_t)n * 6 * 784), *p1 = zeros((size_t)n * 6 * 196);
  size_t *arg1 = calloc((size_t)n * 6 * 196, sizeof *arg1);
  ref_conv(x, n, 1, 28, 28, W->c1w, 6, 5, 2, a1, 28, 28);
  for (size_t i = 0; i < (size_t)n * 6 * 784; i++) {
    a1[i] += W->c1b[(i / 784) % 6];
    a1[i] = a1[i] > 0.0 ? a1[i] : 0.0;
  }
  ref_pool(a1, n * 6, 28, 28, p1, arg1);
  double *a2 = zeros((size_t)n * 1600), *xh = zeros((size_t)n * 1600), *y2 = zeros((size_t)n * 1600);
  double mean[16], inv[16];
  ref_conv(p1, n, 6, 14, 14, W->c2w, 16, 5, 0, a2, 10, 10);
  const int m = n * 100;
  for (int c = 0; c < 16; c++) {
    double s = 0.0, ss = 0.0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 100; j++)
        s += a2[(size_t)(i * 16 + c) * 100 + j];
    mean[c] = s / m;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 100; j++) {
        double t = a2[(size_t)(i * 16 + c) * 100 + j] - mean[c];
        ss += t * t;
      }
    inv[c] = 1.0 / sqrt(ss / m + eps);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 100; j++) {
        size_t k = (size_t)(i * 16 + c) * 100 + j;
        xh[k] = (a2[k] - mean[c]) * inv[c];
        double y = W->g2[c] * xh[k] + W->b2[c];
        y2[k] = y;
        a2[k] = y > 0.0 ? y : 0.0;   /* a2 now holds relu(bn(conv2)) */
      }
  }
  double *p2 = zeros((size_t)n * 400);
  size_t *arg2 = calloc((size_t)n * 400, sizeof *arg2);
  ref_pool(a2, n * 16, 10, 10, p2, arg2);
  double *h1 = zeros((size_t)n * 120), *h2 = zeros((size_t)n * 84), *z = zeros((size_t)n * 10);
  ref_fc(p2, n, 400, W->f1w, W->f1b, 120, h1);
  for (size_t i = 0; i < (size_t)n * 120; i++)
    h1[i] = h1[i] > 0.0 ? h1[i] : 0.0;
  ref_fc(h1, n, 120, W->f2w, W->f2b, 84, h2);
  for (size_t i = 0; i < (size_t)n * 84; i++)
    h2[i] = h2[i] > 0.0 ? h2[i] : 0.0;
  ref_fc(h2, n, 84, W->f3w, W->f3b, 10, z);
  /* log-softmax, NLL, and the gradient at the logits */
  double loss = 0.0, *dz = zeros((size_t)n * 10);
  for (int i = 0; i < n; i++) {
    double mx = z[i * 10], s = 0.0;
    for (int j = 1; j < 10; j++)
      mx = z[i * 10 + j] > mx ? z[i * 10 + j] : mx;
    for (int j = 0; j < 10; j++)
      s += exp(z[i * 10 + j] - mx);
    double lse = mx + log(s);
    loss -= z[i * 10 + labels[i]] - lse;
    for (int j = 0; j < 10; j++)
      dz[i * 10 + j] = (exp(z[i * 10 + j] - lse) - (j == labels[i])) / n;
  }
  loss /= n;
  /* backward */
  ref_tensors G;
  for (int i = 0; i < 11; i++)
    *ref_slot(&G, i) = zeros(r->size[i]);
  double *dh2 = zeros((size_t)n * 84), *dh1 = zeros((size_t)n * 120), *dp2 = zeros((size_t)n * 400);
  ref_fc_back(h2, n, 84, W->f3w, 10, dz, dh2, G.f3w, G.f3b);
  for (size_t i = 0; i < (size_t)n * 84; i++)
    dh2[i] = h2[i] > 0.0 ? dh2[i] : 0.0;
  ref_fc_back(h1, n, 120, W->f2w, 84, dh2, dh1, G.f2w, G.f2b);
  for (size_t i = 0; i < (size_t)n * 120; i++)
    dh1[i] = h1[i] > 0.0 ? dh1[i] : 0.0;
  ref_fc_back(p2, n, 400, W->f1w, 120, dh1, dp2, G.f1w, G.f1b);
  double *dy2 = zeros((size_t)n * 1600), *da2 = zeros((size_t)n * 1600);
  for (size_t i = 0; i < (size_t)n * 400; i++)
    dy2[arg2[i]] += dp2[i];
  for (size_t i = 0; i < (size_t)n * 1600; i++)
    dy2[i] = y2[i] > 0.0 ? dy2[i] : 0.0;
  for (int c = 0; c < 16; c++) {
    double sg = 0.0, sgx = 0.0;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 100; j++) {
        size_t k = (size_t)(i * 16 + c) * 100 + j;
        sg += dy2[k];
        sgx += dy2[k] * xh[k];
      }
    G.b2[c] = sg;
    G.g2[c] = sgx;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < 100; j++) {
        size_t k = (size_t)(i * 16 + c) * 100 + j;
        da2[k] = W->g2[c] * inv[c] * (dy2[k] - sg / m - xh[k] * sgx / m);
      }
  }
  double *dp1 = zeros((size_t)n * 6 * 196), *da1 = zeros((size_t)n * 6 * 784);
  ref_conv_back(p1, n, 6, 14, 14, W->c2w, 16, 5, 0, da2, 10, 10, dp1, G.c2w);
  for (size_t i = 0; i < (size_t)n * 6 * 196; i++)
    da1[arg1[i]] += dp1[i];
  for (size_t i = 0; i < (size_t)n * 6 * 784; i++) {
    da1[i] = a1[i] > 0.0 ? da1[i] : 0.0;
    G.c1b[(i / 784) % 6] += da1[i];
  }
  ref_conv_back(x, n, 1, 28, 28, W->c1w, 6, 5, 2, da1, 28, 28, NULL, G.c1w);
  /* SGD with momentum and weight decay, as PyTorch defines it */
  for (int t = 0; t < 11; t++) {
    double *w = *ref_slot(&r->w, t), *v = *ref_slot(&r->v, t), *g = *ref_slot(&G, t);
    for (size_t i = 0; i < r->size[t]; i++) {
      double gi = g[i] + decay * w[i];
      v[i] = momentum * v[i] + gi;
      w[i] -= lr * v[i];
    }
    free(g);
  }
  free(x), free(a1), free(p1), free(arg1), free(a2), free(xh), free(y2), free(p2), free(arg2);
  free(h1), free(h2), free(z), free(dz), free(dh2), free(dh1), free(dp2), free(dy2), free(da2);
  free(dp1), free(da1);
  return loss;
}

/* Two epochs over the first 320 training images, batches of 32, on the CPU
   backend and in the reference: the same curve, step by step. */
Test(training, cpu_training_matches_a_double_precision_golden_curve, .timeout = 120)
{
  const int n = 32, images = 320, steps = 2 * images / n;
  train_dataset ds;
  load_fashion(TRAIN_SPLIT_TRAIN, images, &ds);
  train_net *net = cpu_lenet(n, 0.0f, 7);
  ref_net ref;
  ref_from_net(&ref, net);
  double lib[20], gold[20], worst = 0.0;
  for (int s = 0; s < steps; s++) {
    const float *x = ds.images + (size_t)(s % (images / n)) * n * IMG;
    const unsigned char *y = ds.labels + (s % (images / n)) * n;
    int correct;
    cr_assert_eq(train_step(net, x, y, n, &lib[s], &correct), 0, "%s", net->err);
    gold[s] = ref_step(&ref, x, y, n, net->cfg.lr, net->cfg.momentum, net->cfg.weight_decay);
    double rel = fabs(lib[s] - gold[s]) / gold[s];
    worst = rel > worst ? rel : worst;
    /* Float and double part slowly: the library sums in float (a 400-term
       dot product rounds at about 1e-7 relative, and summing over a batch
       at a few times that), and each SGD step carries the previous steps'
       differences forward. After 20 steps the curves agree to about 1e-5;
       1e-4 leaves room for a different order of summation, and a real
       error in any layer's gradient moves the curve by 1e-2 or more
       within a few steps. */
    cr_expect(rel <= 1e-4, "step %d: loss %.8f, golden %.8f (relative %.2e)", s, lib[s], gold[s], rel);
  }
  /* the loss goes down: the last epoch's mean is well below the first's */
  double first = 0.0, last = 0.0;
  for (int s = 0; s < steps / 2; s++) {
    first += gold[s] / (steps / 2);
    last += lib[steps / 2 + s] / (steps / 2);
  }
  cr_expect(last < 0.75 * first, "mean loss %.4f in epoch 1, %.4f in epoch 2", first, last);
  cr_expect(lib[0] > 2.0 && lib[0] < 3.5, "the first loss %.4f is not near log 10", lib[0]);
  /* and the weights at the end agree too */
  for (int t = 0; t < 11; t++) {
    int p = param_index(net, ref_names[t]);
    float *w = malloc(ref.size[t] * sizeof *w);
    cr_assert_eq(train_get_param(net, p, w), 0);
    t_assert_close(w, *ref_slot(&ref.w, t), ref.size[t], 1e-3, 1e-5, ref_names[t]);
    free(w);
  }
  cr_log_info("golden curve: %.5f .. %.5f over %d steps, worst relative difference %.2e", gold[0],
              gold[steps - 1], steps, worst);
  ref_free(&ref);
  train_net_destroy(net);
  train_free_dataset(&ds);
}

/* ---------------------------------------------------------- save and load */
Test(training, saved_model_reloads_to_the_same_test_accuracy, .timeout = 120)
{
  train_dataset train, test;
  load_fashion(TRAIN_SPLIT_TRAIN, 256, &train);
  load_fashion(TRAIN_SPLIT_TEST, 500, &test);
  train_net *net = cpu_lenet(64, 0.25f, t_seed());
  for (int s = 0; s < 4; s++) {
    double loss;
    int correct;
    cr_assert_eq(train_step(net, train.images + (size_t)s * 64 * IMG, train.labels + s * 64, 64,
                            &loss, &correct), 0, "%s", net->err);
  }
  double loss1, acc1, loss2, acc2, loss3, acc3;
  cr_assert_eq(train_evaluate(net, &test, &loss1, &acc1), 0, "%s", net->err);
  char *dir = make_temp_dir(), path[256], err[512] = "";
  snprintf(path, sizeof path, "%s/lenet.model", dir);
  cr_assert_eq(train_save(net, path, err, sizeof err), 0, "%s", err);

  train_net *other = cpu_lenet(64, 0.25f, t_seed() + 1);
  cr_assert_eq(train_evaluate(other, &test, &loss2, &acc2), 0, "%s", other->err);
  cr_assert_neq(loss2, loss1, "a differently seeded network should not start where the trained one is");
  cr_assert_eq(train_load(other, path, err, sizeof err), 0, "%s", err);
  cr_assert_eq(train_evaluate(other, &test, &loss3, &acc3), 0, "%s", other->err);
  cr_assert_eq(acc3, acc1, "accuracy %.6f after the round trip, %.6f before", acc3, acc1);
  cr_assert_eq(memcmp(&loss3, &loss1, sizeof loss1), 0, "loss %.17g after, %.17g before", loss3, loss1);

  /* a missing file, and a truncated one: refused by name, nothing changed */
  char missing[300];
  snprintf(missing, sizeof missing, "%s/none.model", dir);
  cr_assert_eq(train_load(other, missing, err, sizeof err), -1);
  cr_assert_not_null(strstr(err, missing), "%s", err);
  FILE *f = fopen(path, "r+b");
  cr_assert_not_null(f);
  cr_assert_eq(ftruncate(fileno(f), 1000), 0);
  fclose(f);
  cr_assert_eq(train_load(other, path, err, sizeof err), -1);
  cr_assert_not_null(strstr(err, path), "%s", err);
  cr_assert_not_null(strstr(err, "truncated"), "%s", err);
  cr_assert_eq(train_evaluate(other, &test, &loss2, &acc2), 0, "%s", other->err);
  cr_assert_eq(memcmp(&loss2, &loss1, sizeof loss1), 0, "a refused load changed the network");

  remove_dir(dir);
  train_net_destroy(other);
  train_net_destroy(net);
  train_free_dataset(&train), train_free_dataset(&test);
}

/* -------------------------------------------------------- on the emulator */
/* Two steps of batch 8 on the emulator, which runs the CUDA kernels the GPU
   would, against the CPU backend from the same weights. Dropout off: the
   two backends draw the same masks, but the check is about the kernels. */
Test(training, emulator_steps_match_the_cpu, .timeout = 300)
{
  const int n = 8;
  train_config cfg;
  train_config_default(&cfg);
  cfg.batch = n;
  cfg.dropout = 0.0f;
  cfg.seed = t_seed();
  char err[512] = "";
  cfg.backend = LITDNN_BACKEND_CPU;
  train_net *cpu = train_lenet5(&cfg, err, sizeof err);
  cr_assert_not_null(cpu, "%s", err);
  cfg.backend = LITDNN_BACKEND_EMU;
  train_net *emu = train_lenet5(&cfg, err, sizeof err);
  cr_assert_not_null(emu, "%s", err);
  float *x = t_random((size_t)2 * n * IMG, -2.0f, 2.0f);
  unsigned char labels[16];
  for (int i = 0; i < 2 * n; i++)
    labels[i] = (unsigned char)t_rand_int(0, 9);
  for (int s = 0; s < 2; s++) {
    double lc, le;
    int cc, ce;
    cr_assert_eq(train_step(cpu, x + (size_t)s * n * IMG, labels + s * n, n, &lc, &cc), 0, "%s", cpu->err);
    cr_assert_eq(train_step(emu, x + (size_t)s * n * IMG, labels + s * n, n, &le, &ce), 0, "%s", emu->err);
    /* the kernels sum in other orders than the CPU loops: float rounding */
    cr_expect(fabs(lc - le) <= 1e-5 * lc, "step %d: cpu loss %.8f, emulator %.8f", s, lc, le);
  }
  for (int p = 0; p < cpu->param_count; p++) {
    size_t count = cpu->params[p].count;
    float *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b);
    cr_assert_eq(train_get_param(cpu, p, a), 0);
    cr_assert_eq(train_get_param(emu, p, b), 0);
    t_assert_close_f(b, a, count, 1e-4, 1e-6, cpu->params[p].name);
    free(a), free(b);
  }
  free(x);
  train_net_destroy(cpu);
  train_net_destroy(emu);
}

/* -------------------------------------------------------------- the program */
/* the build folder the test program was built for (build-san/ under make
   test SANITIZE=1), from the Makefile */
#ifndef T_BUILD_DIR
#define T_BUILD_DIR "build"
#endif
static const char *train_bin = T_BUILD_DIR "/bin/litdnn-train";

static char *run_program(const char *args, int *status)
{
  char cmd[512];
  snprintf(cmd, sizeof cmd, "%s %s 2>&1", train_bin, args);
  FILE *p = popen(cmd, "r");
  cr_assert_not_null(p);
  size_t cap = 1 << 16, len = 0;
  char *out = malloc(cap);
  size_t got;
  while ((got = fread(out + len, 1, cap - 1 - len, p)) > 0 && len + got < cap - 1)
    len += got;
  len += got;
  out[len < cap ? len : cap - 1] = '\0';
  int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

Test(training, program_names_a_missing_data_file)
{
  cr_assert_eq(access(train_bin, X_OK), 0, "%s is not built (make %s)", train_bin, train_bin);
  int status;
  char *out = run_program("--backend cpu --data /nonexistent-litdnn-data --epochs 1", &status);
  cr_assert_eq(status, 1, "exit status %d: %s", status, out);
  cr_assert_not_null(strstr(out, "/nonexistent-litdnn-data/train-images-idx3-ubyte.gz: cannot open"),
                     "%s", out);
  free(out);
  out = run_program("--epochs -1", &status);
  cr_assert_eq(status, 2, "a bad option: exit status %d: %s", status, out);
  free(out);
}

Test(training, program_prints_plain_lines_when_not_a_terminal, .timeout = 120)
{
  int status;
  char *out = run_program("--backend cpu --epochs 1 --limit 128 --test-limit 100 --batch 32", &status);
  cr_assert_eq(status, 0, "%s", out);
  cr_assert_null(strchr(out, '\r'), "a carriage return in output to a pipe: %s", out);
  cr_assert_not_null(strstr(out, "epoch 1/1  batch 4/4  loss "), "%s", out);
  cr_assert_not_null(strstr(out, "images/s"), "%s", out);
  cr_assert_not_null(strstr(out, "test accuracy "), "%s", out);
  cr_assert_not_null(strstr(out, " of 100), loss "), "the final line counts the 100 test images: %s", out);
  free(out);
}
