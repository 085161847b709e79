module example.com/kubeidl/testdata

go 1.22
