/* litdnn: deep-learning primitives, built chapter by chapter. */
#ifndef LITDNN_H
#define LITDNN_H
#include "litdnn/core.h"
#include "litdnn/tensor_ops.h"
#include "litdnn/activation.h"
#include "litdnn/matmul.h"
#include "litdnn/convolution.h"
#include "litdnn/pooling.h"
#include "litdnn/softmax.h"
#include "litdnn/batchnorm.h"
#include "litdnn/lrn.h"
#include "litdnn/dropout.h"
#include "litdnn/rnn.h"
#endif
