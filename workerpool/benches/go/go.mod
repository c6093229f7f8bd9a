module workerpool.bench/gochan

go 1.19
