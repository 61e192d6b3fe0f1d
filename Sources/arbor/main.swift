print("arbor")
