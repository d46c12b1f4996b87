/* Training a network with litdnn's public API: data, layers, network. */
#ifndef LITDNN_TRAIN_H
#define LITDNN_TRAIN_H
#include <stddef.h>
#include <stdint.h>
#include "litdnn.h"

#define TRAIN_CLASSES 10
#define TRAIN_PIXEL_MEAN 0.2860f
#define TRAIN_PIXEL_STD 0.3530f
#define TRAIN_DEFAULT_DATA "/usr/share/datasets/fashion-mnist"
enum { TRAIN_SPLIT_TEST = 0, TRAIN_SPLIT_TRAIN = 1 };

int train_fail(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

typedef struct {
  int count, rows, cols;  /* images, and the pixels of each */
  float *images;          /* count x rows x cols, normalised */
  unsigned char *labels;  /* count, each 0..9 */
} train_dataset;

int train_load_fashion_mnist(const char *dir, int split, int limit, train_dataset *ds,
                             char *err, size_t errsize);
void train_free_dataset(train_dataset *ds);

typedef struct train_net train_net;
typedef struct train_layer train_layer;

typedef struct {
  const char *kind;
  /* describe a batch of n images: descriptors, algorithms, workspace */
  int (*shape)(train_net *net, train_layer *l, int n);
  /* y = layer(x); training selects batch statistics and dropout */
  int (*forward)(train_net *net, train_layer *l, const float *x, int training);
  /* from dy (the gradient of y): the parameters' gradients, and dx when
     need_dx (the first layer has no one to hand it to) */
  int (*backward)(train_net *net, train_layer *l, const float *x, const float *dy, int need_dx);
  void (*destroy)(train_net *net, train_layer *l);
} train_layer_ops;

struct train_layer {
  const train_layer_ops *ops;
  char name[24];
  int in_c, in_h, in_w;                  /* one image in */
  int c, h, w;                           /* one image out */
  int n;                                 /* the batch it is shaped for */
  litdnnTensorDescriptor_t x_desc, y_desc;
  float *y;                              /* the output, max_batch images */
  float *dx;                             /* the gradient of the input */
  double seconds[2];                     /* profiling: forward, backward */
};
typedef struct {
  char name[40];
  size_t count;           /* floats */
  size_t offset;          /* into the network's parameter buffer */
  int trainable;          /* 0: state such as running statistics */
  int fan_in;             /* He initialisation's fan-in; 0: constant */
  float fill;             /* the constant, when fan_in == 0 */
} train_param;

#define TRAIN_MAX_LAYERS 32
#define TRAIN_MAX_PARAMS 64

typedef struct {
  litdnnBackend_t backend;
  int batch;                 /* images per step (the largest batch) */
  float lr, momentum, weight_decay, dropout;
  uint64_t seed;
  int find;                  /* choose algorithms by timing them (Find) */
  size_t workspace_limit;    /* bytes one convolution may ask for as workspace */
  int profile;               /* synchronise around each layer and time it */
} train_config;

struct train_net {
  litdnnHandle_t handle;
  train_config cfg;
  int in_c, in_h, in_w;      /* one image */
  int n;                     /* the current batch */
  train_layer *layers[TRAIN_MAX_LAYERS];
  int layer_count;
  train_param params[TRAIN_MAX_PARAMS];
  int param_count;
  size_t trainable, total;   /* floats: the trainable prefix, everything */
  float *weights, *grads, *velocity;   /* device */
  float *x, *dlogp;          /* device: a batch of input, the loss's gradient */
  void *ws;                  /* device: the convolutions' workspace, shared */
  size_t ws_size;
  float *host_logp, *host_dlogp;
  litdnnTensorDescriptor_t vec_desc;   /* 1 x trainable x 1 x 1 */
  double sgd_seconds, loss_seconds;
  char err[512];
};

void train_config_default(train_config *cfg);
/* LeNet-5 for 1 x 28 x 28 images; a small VGG for 3 x 32 x 32. */
train_net *train_lenet5(const train_config *cfg, char *err, size_t errsize);
train_net *train_vgg_small(const train_config *cfg, char *err, size_t errsize);
void train_net_destroy(train_net *net);

/* a batch of n images (host, normalised) and their labels; returns the
   mean loss and counts the correct answers */
int train_step(train_net *net, const float *images, const unsigned char *labels, int n,
               double *loss, int *correct);
int train_evaluate_batch(train_net *net, const float *images, const unsigned char *labels, int n,
                         double *loss, int *correct);
int train_evaluate(train_net *net, const train_dataset *ds, double *loss, double *accuracy);
/* the pieces of a step, for the tests */
int train_forward(train_net *net, const float *images, int n, int training);
int train_loss(train_net *net, const unsigned char *labels, int n, double *loss, int *correct);
int train_backward(train_net *net);
int train_sgd(train_net *net);
int train_reset_dropout(train_net *net);

/* parameters by index: host copies in and out */
int train_get_param(train_net *net, int p, float *host);
int train_set_param(train_net *net, int p, const float *host);
int train_get_grad(train_net *net, int p, float *host);
int train_save(train_net *net, const char *path, char *err, size_t errsize);
int train_load(train_net *net, const char *path, char *err, size_t errsize);
#endif
