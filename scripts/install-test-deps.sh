#!/usr/bin/env bash
# Installs what the tests need beyond npm packages, from Debian: Chromium for the browser tests
# (Playwright cannot download its own browser here) and ffmpeg (libx264) so phone screens stream as
# H.264 in the tests as they do in production (without it they fall back to JPEG). Each is skipped
# when already present.
set -euo pipefail

missing=()
if ! { [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; } && ! command -v chromium >/dev/null 2>&1; then
  missing+=(chromium)
fi
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing: ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]}" >&2
  # Chromium is required; without ffmpeg the streams are JPEG and the H.264 tests are skipped.
  [[ " ${missing[*]} " == *" chromium "* ]] && exit 1
  exit 0
fi
echo "Installing ${missing[*]} from Debian…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
