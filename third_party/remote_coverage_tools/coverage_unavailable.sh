#!/bin/sh
echo "coverage not available offline (@remote_coverage_tools is a local stand-in)" >&2
exit 1
