module example.com/kubeidl/bad

go 1.22
