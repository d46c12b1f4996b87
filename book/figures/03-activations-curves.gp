# The forward activation functions on [-4, 4] (chapter 3).
# The terminal and output are set by the caller (mk/book.mk).
set multiplot layout 1,2
set xrange [-4:4]
set grid lc rgb '#dddddd'
set key top left box opaque font ',10'
set xlabel 'x'
set samples 400
sigmoid(x) = 1 / (1 + exp(-x))
relu(x) = x > 0 ? x : 0
clipped(x) = x <= 0 ? 0 : (x < 2 ? x : 2)
leaky(x) = x > 0 ? x : 0.1 * x
elu(x) = x > 0 ? x : exp(x) - 1
swish(x) = x * sigmoid(x)
gelu(x) = 0.5 * x * erfc(-x / sqrt(2))
gelu_tanh(x) = x * sigmoid(2 * sqrt(2 / pi) * (x + 0.044715 * x**3))

set title 'bounded'
set yrange [-1.2:2.4]
plot sigmoid(x) title 'sigmoid' lw 2, tanh(x) title 'tanh' lw 2, \
     clipped(x) title 'clipped relu (c = 2)' lw 2

set title 'unbounded'
set yrange [-1.2:4.2]
plot relu(x) title 'relu' lw 2, leaky(x) title 'leaky relu (c = 0.1)' lw 2 dt 2, \
     elu(x) title 'elu (c = 1)' lw 2, swish(x) title 'swish (c = 1)' lw 2, \
     gelu(x) title 'gelu' lw 2, gelu_tanh(x) title 'gelu tanh' lw 1 dt 3 lc rgb 'black'
unset multiplot
