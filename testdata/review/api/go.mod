module example.com/widgets-api

go 1.22
