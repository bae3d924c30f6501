import { describe, expect, it } from 'vitest';
import { asksOfLine, EVERYTHING, wordsOfLine } from './command-asks';

describe('what a command line asks of the phone (a device’s shell, issue 61)', () => {
  it('reads each command of a line by the table, a redirection into a file as a write', () => {
    expect(asksOfLine('getprop ro.product.model')).toEqual(['read']);
    expect(asksOfLine("cmd package 'install' -S 12")).toEqual(['write']);
    expect(asksOfLine('ls /sdcard 2>/dev/null | grep jpg && input tap 1 2')).toEqual(['read', 'input']);
    expect([...asksOfLine('echo hi > /sdcard/a.txt; /system/bin/rm /sdcard/b')].sort()).toEqual(['read', 'write']);
  });

  it('takes a line it cannot read to the end as asking everything', () => {
    for (const line of ['', 'svc wifi disable', 'echo $(rm -rf /sdcard)', 'echo `reboot`', 'sh -c "rm x"', '$CMD'])
      expect(asksOfLine(line), line).toEqual(EVERYTHING);
  });

  it('gives the words of a line that is one plain command, as adb quotes them', () => {
    expect(wordsOfLine("cmd package 'install' -S 8746")).toEqual(['cmd', 'package', 'install', '-S', '8746']);
    expect(wordsOfLine('pm install -S 1; rm x')).toBeNull();
  });
});
