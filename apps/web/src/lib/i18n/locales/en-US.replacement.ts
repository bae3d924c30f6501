import type { Messages } from './zh-CN';

/** The replacement pages' texts (spec §2: changePhone, chooseDevice). */
export const replacement: Messages['replacement'] = {
  tool: 'Replace device',
  intro: 'Each phone keeps its number, name, group and expiry, and runs on a new cloud phone.',
  type: 'Replace',
  type1: 'Without data',
  type1Note: 'Apps, files, notes and clipboard are not moved: the new phone starts fresh.',
  type2: 'With data',
  type2Note: 'Apps, files, notes and clipboard move to the new phone.',
  phones: 'Phones to replace ({{count}})',
  choose: 'Choose phones',
  change: 'Change',
  none: 'No phone chosen yet',
  noneHint: 'Up to {{max}} cloud phones can be replaced at a time.',
  ready: 'Can be replaced',
  submit: 'Replace ({{count}})',
  confirm1:
    'Replace these {{count}} cloud phones? Their data is not moved: the apps, files and data on them cannot be recovered.',
  confirm2:
    'Replace these {{count}} cloud phones? Their data moves to the new phones; they are unavailable until done.',
  running: 'Replacing, please wait…',
  replaced: 'Replaced',
  allDone: 'The cloud phones were replaced',
  again: 'Replace more',
  pickHint: 'Up to {{max}} at a time',
  next: 'Next ({{count}})',
};
