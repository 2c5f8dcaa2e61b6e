package declared

//ctcheck:secret x -- a secret scalar in the frame
func branchx(y, x uintptr)
