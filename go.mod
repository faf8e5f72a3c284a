module github.com/sqrtdk/sqrtdk

go 1.26.0

require (
	github.com/ALTree/bigfloat v0.2.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0 // indirect
)
