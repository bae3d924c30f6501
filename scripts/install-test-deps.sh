#!/usr/bin/env bash
# Installs what the tests need beyond npm packages, from Debian: Chromium for the browser tests
# (Playwright cannot download its own browser here). Skipped when already present.
# ffmpeg is not needed: on linux/x64 `npm ci` brings the packaged ffmpeg 4.1 with libx264
# (@ffmpeg-installer/linux-x64), so phone screens stream as H.264 in the tests as on a newcomer's
# machine; a system ffmpeg on PATH is preferred when there is one.
set -euo pipefail

if { [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; } || command -v chromium >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing: chromium. Install with: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing chromium from Debian…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
