// Command readlens shows exactly what a coding agent's file-read tool hands
// to the model.
package main

import (
	"context"
	"os"

	"github.com/readlens/readlens/cli"
)

func main() {
	os.Exit(cli.Run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
