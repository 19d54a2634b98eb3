print("odata-gen: not yet")
