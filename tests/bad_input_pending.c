/* Bad-input cases that the library answers wrongly today, written as they
 * should pass. This file is not compiled: each case waits for a fix in the
 * chapter named above it. tests/test_bad_input.c lists every one of them
 * with BI_PENDING (so the suite counts the function as covered and each run
 * reports the case as skipped, with the reason). When a chapter is fixed,
 * move its cases into tests/test_bad_input.c and delete their BI_PENDING
 * lines there.
 *
 * To see them fail, build them next to the suite (the BI_PENDING stubs and
 * these cases register under the same names; both run):
 *   gcc -std=gnu11 -Itangled/include -Itests -Ibuild/tests tests/test_bad_input.c \
 *       tests/bad_input_pending.c tests/common.c build/lib/liblitdnn.a -lcriterion ...
 */
#include "bad_input.h"

/* ---- chapters/05-convolution.nw ---- */
#undef BI_ON
#define BI_ON BI_CPU
/* litdnnSetFilter4dDescriptor calls litdnnSetFilterNdDescriptor, whose
   messages start with "litdnnSetFilterNdDescriptor: " and name the sizes
   filterDimA[i] */
BI_CASE(litdnnSetFilter4dDescriptor, null_filterDesc, BAD_PARAM_NULL_POINTER, "filterDesc is a null pointer",
        filterDesc = NULL)
BI_CASE(litdnnSetFilter4dDescriptor, data_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "dataType = 4 is not a litdnnDataType_t", dataType = (litdnnDataType_t)4)
BI_CASE(litdnnSetFilter4dDescriptor, format_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "format = 2 is not a litdnnTensorFormat_t", format = (litdnnTensorFormat_t)2)
BI_CASE(litdnnSetFilter4dDescriptor, zero_k, BAD_PARAM_OUT_OF_BOUND, "k = 0", k = 0)
BI_CASE(litdnnSetFilter4dDescriptor, negative_w, BAD_PARAM_OUT_OF_BOUND, "w = -1", w = -1)
BI_CASE(litdnnSetFilter4dDescriptor, more_than_int_max_elements, BAD_PARAM_OVERFLOW,
        "the filter has more than 2^31 - 1 elements", k = c = 65536; h = w = 1)
/* the unset case goes through litdnnGetFilterNdDescriptor and its name; a
   filter of 5 dimensions is a plain LITDNN_STATUS_BAD_PARAM */
BI_CASE(litdnnGetFilter4dDescriptor, unset_filterDesc, BAD_PARAM_NOT_FINALIZED, "filterDesc was never set",
        filterDesc = W->f_unset)
BI_CASE(litdnnGetFilter4dDescriptor, five_dimensions, BAD_PARAM_SHAPE_MISMATCH, "filterDesc has 5 dimensions, not 4",
        filterDesc = W->f5d)
/* litdnnSetConvolution2dDescriptor calls litdnnSetConvolutionNdDescriptor,
   whose messages start with its own name and say padA[0], filterStrideA[1],
   dilationA[0]; the compute type is called dataType in both */
BI_CASE(litdnnSetConvolution2dDescriptor, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnSetConvolution2dDescriptor, negative_pad_h, BAD_PARAM_OUT_OF_BOUND, "pad_h = -1", pad_h = -1)
BI_CASE(litdnnSetConvolution2dDescriptor, zero_v, BAD_PARAM_OUT_OF_BOUND, "v = 0", v = 0)
BI_CASE(litdnnSetConvolution2dDescriptor, zero_dilation_h, BAD_PARAM_OUT_OF_BOUND, "dilation_h = 0", dilation_h = 0)
BI_CASE(litdnnSetConvolution2dDescriptor, mode_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "mode = 2 is not a litdnnConvolutionMode_t", mode = (litdnnConvolutionMode_t)2)
BI_CASE(litdnnSetConvolution2dDescriptor, compute_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "computeType = 4 is not a litdnnDataType_t", computeType = (litdnnDataType_t)4)
BI_CASE(litdnnSetConvolutionNdDescriptor, compute_type_one_past_the_last, BAD_PARAM_OUT_OF_BOUND,
        "computeType = 4 is not a litdnnDataType_t", computeType = (litdnnDataType_t)4)
/* litdnnGetConvolution2dDescriptor: the unset case goes through
   litdnnGetConvolutionNdDescriptor and its name; three spatial dimensions
   are a plain LITDNN_STATUS_BAD_PARAM */
BI_CASE(litdnnGetConvolution2dDescriptor, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnGetConvolution2dDescriptor, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "convDesc has 3 spatial dimensions, not 2", convDesc = W->conv3d)
/* litdnnGetConvolution2dForwardOutputDim calls the Nd function, whose
   messages start with its name and call inputTensorDesc xDesc and
   filterDesc wDesc */
BI_CASE(litdnnGetConvolution2dForwardOutputDim, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "convDesc has 3 spatial dimensions, not 2", convDesc = W->conv3d)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_convDesc, BAD_PARAM_NULL_POINTER, "convDesc is a null pointer",
        convDesc = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, unset_convDesc, BAD_PARAM_NOT_FINALIZED, "convDesc was never set",
        convDesc = W->conv_unset)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, null_inputTensorDesc, BAD_PARAM_NULL_POINTER,
        "inputTensorDesc is a null pointer", inputTensorDesc = NULL)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, unset_filterDesc, BAD_PARAM_NOT_FINALIZED,
        "filterDesc was never set", filterDesc = W->f_unset)
BI_CASE(litdnnGetConvolution2dForwardOutputDim, an_empty_output, BAD_PARAM_OUT_OF_BOUND,
        "the dilated filter spans 7 but the padded input has only 6, so the output would be empty",
        filterDesc = W->f_big)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_inputTensorDesc, BAD_PARAM_NULL_POINTER,
        "inputTensorDesc is a null pointer", inputTensorDesc = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, unset_inputTensorDesc, BAD_PARAM_NOT_FINALIZED,
        "inputTensorDesc was never set", inputTensorDesc = W->t_unset)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, half_inputTensorDesc, NOT_SUPPORTED_DATA_TYPE,
        "inputTensorDesc has data type 2", inputTensorDesc = W->t_half)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, null_filterDesc, BAD_PARAM_NULL_POINTER,
        "filterDesc is a null pointer", filterDesc = NULL)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, unset_filterDesc, BAD_PARAM_NOT_FINALIZED,
        "filterDesc was never set", filterDesc = W->f_unset)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, half_filterDesc, NOT_SUPPORTED_DATA_TYPE,
        "filterDesc has data type 2", filterDesc = W->f_half)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, inputTensorDesc_of_another_rank, BAD_PARAM_SHAPE_MISMATCH,
        "inputTensorDesc has 5 dimensions but convDesc has 2 spatial dimensions", inputTensorDesc = W->t5)
BI_CASE(litdnnGetConvolutionNdForwardOutputDim, channels_per_group_mismatch, BAD_PARAM_SHAPE_MISMATCH,
        "filterDesc has C = 2 channels per group, but inputTensorDesc has 3 channels", filterDesc = W->f_c2)

#undef BI_ON
#define BI_ON BI_BOTH
/* A null output descriptor is never checked (conv_problem skips the
   output checks when it gets none): the passes return SUCCESS and run
   with every stride of the missing tensor zero, Get, Find and the
   workspace sizes answer, and the fused call reads the null descriptor
   and crashes. */
BI_CASE(litdnnConvolutionForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer", yDesc = NULL)
BI_CASE(litdnnConvolutionBackwardData, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnConvolutionBackwardFilter, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnConvolutionBiasActivationForward, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer",
        yDesc = NULL)
BI_CASE(litdnnGetConvolutionForwardAlgorithm, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer",
        yDesc = NULL)
BI_CASE(litdnnFindConvolutionForwardAlgorithm, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer",
        yDesc = NULL)
BI_CASE(litdnnGetConvolutionForwardWorkspaceSize, null_yDesc, BAD_PARAM_NULL_POINTER, "yDesc is a null pointer",
        yDesc = NULL)
BI_CASE(litdnnGetConvolutionBackwardDataAlgorithm, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnFindConvolutionBackwardDataAlgorithm, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnGetConvolutionBackwardDataWorkspaceSize, null_dyDesc, BAD_PARAM_NULL_POINTER,
        "dyDesc is a null pointer", dyDesc = NULL)
BI_CASE(litdnnGetConvolutionBackwardFilterAlgorithm, null_dyDesc, BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer",
        dyDesc = NULL)
BI_CASE(litdnnFindConvolutionBackwardFilterAlgorithm, null_dyDesc, BAD_PARAM_NULL_POINTER,
        "dyDesc is a null pointer", dyDesc = NULL)
BI_CASE(litdnnGetConvolutionBackwardFilterWorkspaceSize, null_dyDesc, BAD_PARAM_NULL_POINTER,
        "dyDesc is a null pointer", dyDesc = NULL)
/* the workspace sizes call their out-parameter size, not sizeInBytes */
BI_CASE(litdnnGetConvolutionForwardWorkspaceSize, null_sizeInBytes, BAD_PARAM_NULL_POINTER,
        "sizeInBytes is a null pointer", sizeInBytes = NULL)
BI_CASE(litdnnGetConvolutionBackwardDataWorkspaceSize, null_sizeInBytes, BAD_PARAM_NULL_POINTER,
        "sizeInBytes is a null pointer", sizeInBytes = NULL)
BI_CASE(litdnnGetConvolutionBackwardFilterWorkspaceSize, null_sizeInBytes, BAD_PARAM_NULL_POINTER,
        "sizeInBytes is a null pointer", sizeInBytes = NULL)

/* ---- chapters/06-pooling.nw ---- */
/* pooling.h names the descriptor desc; the messages call it poolingDesc
   (renaming the parameter to poolingDesc, as cuDNN does, would fix them
   too: then these needles change with it) */
#undef BI_ON
#define BI_ON BI_CPU
BI_CASE(litdnnGetPooling2dDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dDescriptor, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_CASE(litdnnGetPoolingNdDescriptor, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdDescriptor, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPooling2dForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
BI_CASE(litdnnGetPooling2dForwardOutputDim, three_spatial_dimensions, BAD_PARAM_SHAPE_MISMATCH,
        "desc has 3 spatial dimensions, not 2", desc = W->pool3d)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnGetPoolingNdForwardOutputDim, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set",
        desc = W->pool_unset)
#undef BI_ON
#define BI_ON BI_BOTH
BI_CASE(litdnnPoolingForward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingForward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
BI_CASE(litdnnPoolingBackward, null_desc, BAD_PARAM_NULL_POINTER, "desc is a null pointer", desc = NULL)
BI_CASE(litdnnPoolingBackward, unset_desc, BAD_PARAM_NOT_FINALIZED, "desc was never set", desc = W->pool_unset)
