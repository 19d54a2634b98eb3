// Code generator lands here.
