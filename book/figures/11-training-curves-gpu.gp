# LeNet-5 on Fashion-MNIST, from book/results/training-gpu-accuracy.csv (the GPU, all 60 000 images): the loss
# (left axis) and the accuracy (right axis) after each epoch.
set datafile separator ","
set xlabel "epoch"
set ylabel "loss (NLL)"
set y2label "accuracy (%)"
set ytics nomirror
set y2tics
set key center right
set grid
set key autotitle columnhead
csv = "book/results/training-gpu-accuracy.csv"
if (system("test -f ".csv." && echo 1") eq "1") {
  plot csv using 1:3 with linespoints lw 2 title "train loss", \
       '' using 1:5 with linespoints lw 2 title "test loss", \
       '' using 1:(100*$4) axes x1y2 with linespoints lw 2 dt 2 title "train accuracy", \
       '' using 1:(100*$6) axes x1y2 with linespoints lw 2 dt 2 title "test accuracy"
} else {
  set label 1 "no results yet: run litdnn-train --csv" at graph 0.5, graph 0.5 center
  set xrange [1:10]
  set yrange [0:1]
  set y2range [0:100]
  plot NaN notitle
}
