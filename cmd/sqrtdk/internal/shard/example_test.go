package shard_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/shard"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// Two machines each enumerate half of the q vectors at d_k = 3; the merge
// verifies the two files and adds their histograms.
func ExampleMerge() {
	p := enumerate.Problem{Q: rational.Signs(), K: rational.Signs(), D: 3}
	nq, _ := split.QCount(p.Q, p.D)
	var files []shard.File
	for i := range 2 {
		lo, hi, _ := split.Range(p.Q, p.D, i, 2)
		plan, _ := enumerate.NewPlan(p, enumerate.BruteForce, enumerate.Options{})
		h, _ := plan.BruteShard(context.Background(), i, 2)
		r := &shard.Result{Tool: "example", Command: "dist", Q: p.Q, K: p.K, Method: enumerate.BruteForce, Index: i, Count: 2,
			Parts: []shard.Part{{D: 3, Lo: lo, Hi: hi, QTotal: nq, Hist: h}}}
		var file bytes.Buffer
		r.Write(&file)
		name := fmt.Sprintf("shard-%d-of-2.json", i)
		read, err := shard.Read(&file, name)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: q indices [%d, %d), counts %v\n", name, lo, hi, h.Counts)
		files = append(files, shard.File{Name: name, Result: read})
	}
	whole, err := shard.Merge(files)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("merged:", whole.Parts[0].Hist.Counts)
	_, err = shard.Merge(files[:1])
	fmt.Println(err)
	// Output:
	// shard-0-of-2.json: q indices [0, 4), counts [4 12 12 4]
	// shard-1-of-2.json: q indices [4, 8), counts [4 12 12 4]
	// merged: [8 24 24 8]
	// slice 1 of 2 is missing: 1 shard file given (shard-0-of-2.json)
}
