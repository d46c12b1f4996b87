set xlabel "n"; set ylabel "time"; plot x*x title "n^2"
