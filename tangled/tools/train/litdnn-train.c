#line 1849 "chapters/11-training.nw"
/* litdnn-train: LeNet-5 on Fashion-MNIST, through litdnn's public API. */
#include "train.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#line 1867 "chapters/11-training.nw"
typedef struct {
  train_config cfg;
  int epochs, limit, test_limit, steps, workspace_mib;
  const char *data, *save, *load, *csv, *profile, *bench;
} options;

static void usage(FILE *f)
{
  fprintf(f,
      "usage: litdnn-train [--backend cpu|cuda|emu] [--epochs N] [--batch N] [--lr X]\n"
      "                    [--momentum X] [--weight-decay X] [--dropout P] [--seed N]\n"
      "                    [--limit N] [--test-limit N] [--data DIR] [--find] [--workspace MIB]\n"
      "                    [--save FILE] [--load FILE] [--csv FILE] [--profile FILE]\n"
      "       litdnn-train --bench lenet|vgg [--backend ...] [--batch N] [--steps N]\n"
      "                    [--find] [--workspace MIB] [--csv FILE] [--profile FILE]\n"
      "Trains LeNet-5 on Fashion-MNIST (default data: %s).\n", TRAIN_DEFAULT_DATA);
}

static int bad_option(const char *name, const char *value)
{
  fprintf(stderr, "litdnn-train: %s: bad value '%s'\n", name, value ? value : "");
  usage(stderr);
  return -1;
}

static int parse_options(int argc, char **argv, options *o)
{
  memset(o, 0, sizeof *o);
  train_config_default(&o->cfg);
  o->epochs = 10;
  o->steps = 50;
  o->workspace_mib = (int)(o->cfg.workspace_limit >> 20);
  o->data = TRAIN_DEFAULT_DATA;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
#define VALUE() (v ? (i++, v) : NULL)
#define INT_OPT(name, field, min)                                               \
  if (strcmp(a, name) == 0) {                                                   \
    const char *s = VALUE();                                                    \
    long x = s ? strtol(s, &end, 10) : 0;                                       \
    if (!s || *end || x < (min) || x > 1000000000L) return bad_option(name, s); \
    field = (int)x;                                                             \
    continue;                                                                   \
  }
#define FLOAT_OPT(name, field, min, max)                                        \
  if (strcmp(a, name) == 0) {                                                   \
    const char *s = VALUE();                                                    \
    double x = s ? strtod(s, &end) : 0;                                         \
    if (!s || *end || !(x >= (min) && x <= (max))) return bad_option(name, s);  \
    field = (float)x;                                                           \
    continue;                                                                   \
  }
#define STRING_OPT(name, field)                                                 \
  if (strcmp(a, name) == 0) {                                                   \
    if (!(field = VALUE())) return bad_option(name, NULL);                      \
    continue;                                                                   \
  }
    INT_OPT("--epochs", o->epochs, 0)
    INT_OPT("--batch", o->cfg.batch, 1)
    INT_OPT("--limit", o->limit, 1)
    INT_OPT("--test-limit", o->test_limit, 1)
    INT_OPT("--steps", o->steps, 1)
    INT_OPT("--workspace", o->workspace_mib, 0)
    FLOAT_OPT("--lr", o->cfg.lr, 0.0, 10.0)
    FLOAT_OPT("--momentum", o->cfg.momentum, 0.0, 0.999)
    FLOAT_OPT("--weight-decay", o->cfg.weight_decay, 0.0, 1.0)
    FLOAT_OPT("--dropout", o->cfg.dropout, 0.0, 0.95)
    STRING_OPT("--data", o->data)
    STRING_OPT("--save", o->save)
    STRING_OPT("--load", o->load)
    STRING_OPT("--csv", o->csv)
    STRING_OPT("--profile", o->profile)
    STRING_OPT("--bench", o->bench)
    if (strcmp(a, "--seed") == 0) {
      const char *s = VALUE();
      unsigned long long x = s ? strtoull(s, &end, 10) : 0;
      if (!s || *end)
        return bad_option(a, s);
      o->cfg.seed = x;
      continue;
    }
    if (strcmp(a, "--backend") == 0) {
      const char *s = VALUE();
      if (s && strcmp(s, "cpu") == 0) o->cfg.backend = LITDNN_BACKEND_CPU;
      else if (s && strcmp(s, "cuda") == 0) o->cfg.backend = LITDNN_BACKEND_CUDA;
      else if (s && strcmp(s, "emu") == 0) o->cfg.backend = LITDNN_BACKEND_EMU;
      else return bad_option(a, s);
      continue;
    }
    if (strcmp(a, "--find") == 0) {
      o->cfg.find = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      exit(0);
    }
    fprintf(stderr, "litdnn-train: unknown option '%s'\n", a);
    usage(stderr);
    return -1;
  }
  if (o->bench && strcmp(o->bench, "lenet") != 0 && strcmp(o->bench, "vgg") != 0)
    return bad_option("--bench", o->bench);
  o->cfg.workspace_limit = (size_t)o->workspace_mib << 20;
  return 0;
}
#line 1987 "chapters/11-training.nw"
typedef struct {
  int tty;
  double start, last;
  long images_done, images_total;
} progress;

static double wall(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void format_duration(char *buf, size_t size, double s)
{
  long t = (long)(s + 0.5);
  if (t >= 3600)
    snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
  else if (t >= 60)
    snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
  else
    snprintf(buf, size, "%lds", t);
}

static void progress_show(progress *p, int epoch, int epochs, int batch, int batches, double loss,
                          double accuracy, int final)
{
  double t = wall();
  int every = batches >= 10 ? batches / 10 : 1;
  if (p->tty ? !final && t - p->last < 0.1 : !final && batch % every != 0)
    return;
  p->last = t;
  double rate = p->images_done / (t - p->start > 1e-9 ? t - p->start : 1e-9);
  char left[32];
  format_duration(left, sizeof left, (p->images_total - p->images_done) / (rate > 0 ? rate : 1));
  printf("%sepoch %d/%d  batch %d/%d  loss %.4f  accuracy %5.2f %%  %.0f images/s  %s left%s",
         p->tty ? "\r" : "", epoch, epochs, batch, batches, loss, 100.0 * accuracy, rate, left,
         p->tty ? "\033[K" : "\n");
  if (p->tty && final)
    printf("\n");
  fflush(stdout);
}
#line 2041 "chapters/11-training.nw"
static void shuffle(int *order, int count, uint64_t seed)
{
  for (int i = 0; i < count; i++)
    order[i] = i;
  for (int i = count - 1; i > 0; i--) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    int j = (int)((seed >> 33) % (uint64_t)(i + 1));
    int t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

static void csv_header(FILE *f, train_net *net, const options *o, const char *what)
{
  char device[256] = "unknown";
  litdnnBackend_t b = LITDNN_BACKEND_DEFAULT;
  litdnnGetBackend(net->handle, &b);
  litdnnGetDeviceName(net->handle, device, sizeof device);
  time_t now = time(NULL);
  char date[32];
  strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
  fprintf(f, "# litdnn-train %s, backend %s, device %s, %s\n", what, litdnnGetBackendName(b),
          device, date);
  fprintf(f, "# batch %d, lr %g, momentum %g, weight decay %g, dropout %g, seed %llu, "
          "algorithms by %s\n", o->cfg.batch, o->cfg.lr, o->cfg.momentum, o->cfg.weight_decay,
          o->cfg.dropout, (unsigned long long)o->cfg.seed, o->cfg.find ? "Find" : "Get");
}

static int train_epochs(train_net *net, const options *o, const train_dataset *train,
                        const train_dataset *test)
{
  size_t image = (size_t)train->rows * train->cols;
  int batch = o->cfg.batch, batches = (train->count + batch - 1) / batch;
  int *order = malloc((size_t)train->count * sizeof *order);
  float *images = malloc((size_t)batch * image * sizeof *images);
  unsigned char *labels = malloc((size_t)batch);
  FILE *csv = o->csv ? fopen(o->csv, "w") : NULL;
  if (!order || !images || !labels || (o->csv && !csv)) {
    fprintf(stderr, "litdnn-train: %s\n", o->csv && !csv ? o->csv : "out of memory");
    free(order), free(images), free(labels);
    return -1;
  }
  if (csv) {
    csv_header(csv, net, o, "LeNet-5 on Fashion-MNIST");
    fprintf(csv, "# %d training images, %d test images\n", train->count, test->count);
    fprintf(csv, "epoch,images,train_loss,train_accuracy,test_loss,test_accuracy,seconds\n");
  }
  progress p = {.tty = isatty(STDOUT_FILENO), .start = wall(),
                .images_total = (long)o->epochs * train->count};
  p.last = p.start - 1.0;
  int status = 0;
  for (int epoch = 1; epoch <= o->epochs && status == 0; epoch++) {
    double t0 = wall(), loss_sum = 0.0;
    long seen = 0, right = 0;
    shuffle(order, train->count, o->cfg.seed * 1000003ull + (uint64_t)epoch);
    for (int b = 0; b < batches; b++) {
      int first = b * batch, n = train->count - first < batch ? train->count - first : batch;
      for (int i = 0; i < n; i++) {
        memcpy(images + (size_t)i * image, train->images + (size_t)order[first + i] * image,
               image * sizeof(float));
        labels[i] = train->labels[order[first + i]];
      }
      double loss;
      int correct;
      if (train_step(net, images, labels, n, &loss, &correct) != 0) {
        fprintf(stderr, "\nlitdnn-train: %s\n", net->err);
        status = -1;
        break;
      }
      loss_sum += loss * n;
      seen += n;
      right += correct;
      p.images_done += n;
      progress_show(&p, epoch, o->epochs, b + 1, batches, loss_sum / seen, (double)right / seen,
                    b + 1 == batches);
    }
    double test_loss = 0.0, test_accuracy = 0.0;
    if (status == 0 && train_evaluate(net, test, &test_loss, &test_accuracy) != 0) {
      fprintf(stderr, "litdnn-train: %s\n", net->err);
      status = -1;
    }
    if (status == 0) {
      printf("epoch %d: train loss %.4f accuracy %.2f %%, test loss %.4f accuracy %.2f %%, %.1f s\n",
             epoch, loss_sum / seen, 100.0 * right / seen, test_loss, 100.0 * test_accuracy,
             wall() - t0);
      if (csv)
        fprintf(csv, "%d,%ld,%.6f,%.6f,%.6f,%.6f,%.3f\n", epoch, seen, loss_sum / seen,
                (double)right / seen, test_loss, test_accuracy, wall() - t0);
      fflush(stdout);
    }
  }
  if (csv)
    fclose(csv);
  free(order), free(images), free(labels);
  return status;
}
#line 2162 "chapters/11-training.nw"
static size_t per_image_of(train_net *net)
{
  return (size_t)net->in_c * net->in_h * net->in_w;
}

static void reset_profile(train_net *net);

static int bench(train_net *net, const options *o, double *images_per_second)
{
  size_t image = per_image_of(net), n = (size_t)o->cfg.batch;
  float *images = malloc(n * image * sizeof(float));
  unsigned char *labels = malloc(n);
  if (!images || !labels) {
    free(images), free(labels);
    fprintf(stderr, "litdnn-train: out of memory\n");
    return -1;
  }
  uint64_t s = o->cfg.seed;
  for (size_t i = 0; i < n * image; i++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    images[i] = (float)((s >> 40) * (1.0 / 16777216.0)) * 2.0f - 1.0f;
  }
  for (size_t i = 0; i < n; i++)
    labels[i] = (unsigned char)(i % TRAIN_CLASSES);
  double loss;
  int correct, fail = train_forward(net, images, (int)n, 1) != 0 ||
                      train_loss(net, labels, (int)n, &loss, &correct) != 0;
  for (int i = 0; !fail && i < 5; i++)
    fail = train_forward(net, NULL, (int)n, 1) != 0 || train_backward(net) != 0 ||
           train_sgd(net) != 0;
  litdnnSynchronize(net->handle);
  reset_profile(net);   /* a profile counts the timed steps only */
  double t0 = wall();
  for (int i = 0; !fail && i < o->steps; i++)
    fail = train_forward(net, NULL, (int)n, 1) != 0 || train_backward(net) != 0 ||
           train_sgd(net) != 0;
  litdnnSynchronize(net->handle);
  double t = wall() - t0;
  free(images), free(labels);
  if (fail) {
    fprintf(stderr, "litdnn-train: %s\n", net->err);
    return -1;
  }
  *images_per_second = (double)o->steps * n / t;
  return 0;
}
#line 2211 "chapters/11-training.nw"
static int write_profile(train_net *net, const options *o, const char *what, long steps)
{
  FILE *f = fopen(o->profile, "w");
  if (!f) {
    perror(o->profile);
    return -1;
  }
  csv_header(f, net, o, what);
  fprintf(f, "layer,kind,forward_ms,backward_ms,total_ms\n");
  double sum = 0.0;
  for (int i = 0; i < net->layer_count; i++) {
    train_layer *l = net->layers[i];
    double fwd = 1e3 * l->seconds[0] / steps, bwd = 1e3 * l->seconds[1] / steps;
    fprintf(f, "%s,%s,%.4f,%.4f,%.4f\n", l->name, l->ops->kind, fwd, bwd, fwd + bwd);
    sum += fwd + bwd;
  }
  double loss = 1e3 * net->loss_seconds / steps, sgd = 1e3 * net->sgd_seconds / steps;
  fprintf(f, "loss,host,%.4f,0,%.4f\nsgd,add tensor,0,%.4f,%.4f\n", loss, loss, sgd, sgd);
  fprintf(f, "total,step,,,%.4f\n", sum + loss + sgd);
  return fclose(f) == 0 ? 0 : -1;
}

static void reset_profile(train_net *net)
{
  for (int i = 0; i < net->layer_count; i++)
    net->layers[i]->seconds[0] = net->layers[i]->seconds[1] = 0.0;
  net->loss_seconds = net->sgd_seconds = 0.0;
}
#line 2242 "chapters/11-training.nw"
static int run_bench(const options *o)
{
  char err[512];
  int vgg = strcmp(o->bench, "vgg") == 0;
  train_net *net = vgg ? train_vgg_small(&o->cfg, err, sizeof err)
                       : train_lenet5(&o->cfg, err, sizeof err);
  if (!net) {
    fprintf(stderr, "litdnn-train: %s\n", err);
    return 1;
  }
  double rate = 0.0;
  int status = bench(net, o, &rate);
  char device[256] = "unknown";
  litdnnBackend_t b = LITDNN_BACKEND_DEFAULT;
  litdnnGetBackend(net->handle, &b);
  litdnnGetDeviceName(net->handle, device, sizeof device);
  if (status == 0) {
    printf("%s, batch %d, backend %s (%s): %.1f images/s, %.3f ms per step\n",
           vgg ? "small VGG" : "LeNet-5", o->cfg.batch, litdnnGetBackendName(b), device, rate,
           1e3 * o->cfg.batch / rate);
    if (o->csv) {
      FILE *f = fopen(o->csv, "a");
      if (!f || fprintf(f, "litdnn,%s,%s,%s,%d,%d,%.2f,%.4f\n", vgg ? "vgg" : "lenet",
                        litdnnGetBackendName(b), device, o->cfg.batch, o->steps, rate,
                        1e3 * o->cfg.batch / rate) < 0) {
        perror(o->csv);
        status = -1;
      }
      if (f)
        fclose(f);
    }
  }
  if (status == 0 && o->profile) {
    net->cfg.profile = 1;
    double profiled = 0.0;
    status = bench(net, o, &profiled);
    if (status == 0)
      status = write_profile(net, o, vgg ? "small VGG, random data" : "LeNet-5, random data",
                             o->steps);
  }
  train_net_destroy(net);
  return status == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
  options o;
  if (parse_options(argc, argv, &o) != 0)
    return 2;
  if (o.bench)
    return run_bench(&o);
  char err[512];
  train_dataset train = {0}, test = {0};
  if ((o.epochs > 0 &&
       train_load_fashion_mnist(o.data, TRAIN_SPLIT_TRAIN, o.limit, &train, err, sizeof err) != 0) ||
      train_load_fashion_mnist(o.data, TRAIN_SPLIT_TEST, o.test_limit, &test, err, sizeof err) != 0) {
    fprintf(stderr, "litdnn-train: %s\n", err);
    train_free_dataset(&train);
    return 1;
  }
  train_net *net = train_lenet5(&o.cfg, err, sizeof err);
  if (!net || (o.load && train_load(net, o.load, err, sizeof err) != 0)) {
    fprintf(stderr, "litdnn-train: %s\n", err);
    train_net_destroy(net);
    train_free_dataset(&train), train_free_dataset(&test);
    return 1;
  }
  char device[256] = "unknown";
  litdnnBackend_t b = LITDNN_BACKEND_DEFAULT;
  litdnnGetBackend(net->handle, &b);
  litdnnGetDeviceName(net->handle, device, sizeof device);
  printf("LeNet-5 on Fashion-MNIST: %d training and %d test images, backend %s (%s)\n",
         train.count, test.count, litdnnGetBackendName(b), device);
  net->cfg.profile = o.profile != NULL;
  int status = o.epochs > 0 ? train_epochs(net, &o, &train, &test) : 0;
  double loss = 0.0, accuracy = 0.0;
  if (status == 0 && train_evaluate(net, &test, &loss, &accuracy) != 0) {
    fprintf(stderr, "litdnn-train: %s\n", net->err);
    status = -1;
  }
  if (status == 0)
    printf("test accuracy %.2f %% (%ld of %d), loss %.6f\n", 100.0 * accuracy,
           lround(accuracy * test.count), test.count, loss);
  if (status == 0 && o.profile) {
    long steps = (long)o.epochs * ((train.count + o.cfg.batch - 1) / o.cfg.batch);
    status = write_profile(net, &o, "LeNet-5 on Fashion-MNIST", steps > 0 ? steps : 1);
  }
  if (status == 0 && o.save && train_save(net, o.save, err, sizeof err) != 0) {
    fprintf(stderr, "litdnn-train: %s\n", err);
    status = -1;
  }
  train_net_destroy(net);
  train_free_dataset(&train), train_free_dataset(&test);
  return status == 0 ? 0 : 1;
}
