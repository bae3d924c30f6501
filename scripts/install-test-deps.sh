#!/usr/bin/env bash
# Installs what the tests need beyond npm packages, from Debian: Chromium for the browser tests
# (Playwright cannot download its own browser here), and Xvfb, openbox and xdotool for the desktop
# client's tests (issue 30: a screen, a window manager, real key presses), and adb, the standard client
# the ADB tests drive against our phones (issue 35). Each one is checked on its
# own, so a machine that has Chromium already still gets the rest.
# ffmpeg is not needed: on linux/x64 `npm ci` brings the packaged ffmpeg 4.1 with libx264
# (@ffmpeg-installer/linux-x64), so phone screens stream as H.264 in the tests as on a newcomer's
# machine; a system ffmpeg on PATH is preferred when there is one.
set -euo pipefail

missing=()
if ! { [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; } && ! command -v chromium >/dev/null 2>&1; then
  missing+=(chromium)
fi
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v openbox >/dev/null 2>&1 || missing+=(openbox)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v adb >/dev/null 2>&1 || missing+=(adb)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing: ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
