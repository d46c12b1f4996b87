# LeNet-5 on the first 10 000 Fashion-MNIST training images, the same run on two backends:
# book/results/training-cpu.csv (reference loops) and book/results/training-gpu-10k.csv (CUDA).
set datafile separator ","
set xlabel "epoch"
set ylabel "train loss (NLL)"
set y2label "test accuracy (%)"
set ytics nomirror
set y2tics
set key center right
set grid
cpu = "book/results/training-cpu.csv"
gpu = "book/results/training-gpu-10k.csv"
if (system("test -f ".cpu." -a -f ".gpu." && echo 1") eq "1") {
  plot cpu using 1:3 with linespoints lw 2 pt 7 title "train loss, CPU", \
       gpu using 1:3 with linespoints lw 2 pt 6 dt 2 title "train loss, GPU", \
       cpu using 1:(100*$6) axes x1y2 with linespoints lw 2 pt 5 title "test accuracy, CPU", \
       gpu using 1:(100*$6) axes x1y2 with linespoints lw 2 pt 4 dt 2 title "test accuracy, GPU"
} else {
  set label 1 "no results yet: run litdnn-train --csv on both backends" at graph 0.5, graph 0.5 center
  set xrange [1:10]
  set yrange [0:1]
  set y2range [0:100]
  plot NaN notitle
}
