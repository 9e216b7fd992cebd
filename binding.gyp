{
  "targets": [
    {
      "target_name": "inkling-supervisor",
      "type": "executable",
      "sources": ["native/supervisor.c"],
      "cflags": ["-O2", "-Wall", "-Wno-format-truncation"]
    }
  ]
}
