module example.com/backups

go 1.22
