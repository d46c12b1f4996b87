# Batch normalization on the H200, from book/results/batchnorm.csv:
# GB/s by minimum bytes of litdnn and cuDNN, one group of bars per shape and op.
set datafile separator ","
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "GB/s (minimum bytes)"
set xtics rotate by -35 font ",9"
set key top right
set grid ytics
csv = "book/results/batchnorm.csv"
if (system("test -f ".csv." && echo 1") eq "1") {
  # rows of litdnn and of cuDNN alternate per op and shape (cuDNN first)
  plot "< awk -F, '/^#/ || $1==\"op\" {next} $3==\"cuDNN\" {c=$7} $3==\"litdnn\" {print $1\" \"$2\",\"c\",\"$7}' ".csv \
       using 2:xtic(1) title "cuDNN", '' using 3 title "litdnn"
} else {
  set label 1 "no results yet: run make bench on the GPU" at graph 0.5, graph 0.5 center
  plot NaN notitle
}
