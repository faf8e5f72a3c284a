//go:build js && wasm

// Command wasm is the WebAssembly module behind sqrtdk's student pages: it
// runs in a Web Worker, whose script calls sqrtdkHandle(request, done) with
// a JSON request (app.Request); done gets the JSON answer, computed by the
// grade and proofs packages themselves. Each request runs in a goroutine
// of its own, so that the worker's event loop is free while it computes.
package main

import (
	"context"
	"syscall/js"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/app"
)

func main() {
	s := app.NewSession(context.Background())
	js.Global().Set("sqrtdkHandle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeFunction {
			panic("sqrtdkHandle takes a JSON string and a function")
		}
		req, done := args[0].String(), args[1]
		go func() { done.Invoke(string(s.Handle([]byte(req)))) }()
		return nil
	}))
	js.Global().Call("sqrtdkReady")
	select {}
}
