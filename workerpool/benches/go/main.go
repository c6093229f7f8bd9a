// Go's own buffered channel in the shape of the suite's `jobs/v3/N workers` bench
// (benches/jobs.rs): one caller sends ints into a `chan int` of 1024 read by N goroutines,
// timed until every job has run, in two forms: each goroutine calls wg.Done() per job, and
// each does nothing with its jobs (as the Rust suite's workers). Prints ns per job (median,
// min and max over several samples) for N = 16, 64 and 256. Not part of `cargo bench`: run
// it beside the suite, in the same sitting (book/src/methodology.md), with
//
//	cd workerpool/benches/go && GOMAXPROCS=2 go run . -samples 9
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"sync"
	"time"
)

// sample times `jobs` jobs through `workers` goroutines, in ns per job. With markEach, each job
// calls wg.Done() (the shape the issue measured); without it, the goroutines do nothing with
// their jobs and the end is found as the Rust suite finds it: each worker takes one last value
// (here: the channel's close) after the jobs it took before.
func sample(workers, jobs int, markEach bool) float64 {
	ch := make(chan int, 1024)
	var done, exited, started sync.WaitGroup
	started.Add(workers)
	exited.Add(workers)
	for i := 0; i < workers; i++ {
		go func() {
			defer exited.Done()
			started.Done()
			for range ch {
				if markEach {
					done.Done()
				}
			}
		}()
	}
	started.Wait()
	if markEach {
		// Warm up: let every goroutine park on the empty channel.
		done.Add(10000)
		for i := 0; i < 10000; i++ {
			ch <- i
		}
		done.Wait()
		done.Add(jobs)
	}
	t := time.Now()
	for i := 0; i < jobs; i++ {
		ch <- i
	}
	if markEach {
		done.Wait()
		close(ch)
	} else {
		close(ch)
		exited.Wait()
	}
	el := time.Since(t)
	exited.Wait()
	return float64(el.Nanoseconds()) / float64(jobs)
}

func main() {
	jobs := flag.Int("jobs", 2_000_000, "jobs per sample")
	samples := flag.Int("samples", 15, "samples per worker count")
	flag.Parse()
	fmt.Fprintf(os.Stderr, "GOMAXPROCS=%d go=%s\n", runtime.GOMAXPROCS(0), runtime.Version())
	for _, markEach := range []bool{true, false} {
		shape := "wg.Done() per job"
		if !markEach {
			shape = "nothing per job"
		}
		for _, w := range []int{16, 64, 256} {
			var xs []float64
			for s := 0; s < *samples; s++ {
				xs = append(xs, sample(w, *jobs, markEach))
			}
			sort.Float64s(xs)
			fmt.Printf("go chan, %s/%d workers: median %.1f ns/job  min %.1f  max %.1f  (%d samples of %d jobs)\n",
				shape, w, xs[len(xs)/2], xs[0], xs[len(xs)-1], *samples, *jobs)
		}
	}
}
