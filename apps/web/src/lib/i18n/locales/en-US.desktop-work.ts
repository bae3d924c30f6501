import type { Messages } from './zh-CN';

/** The desktop's work screens (issue 31): apps and files, clone, new machine, replacement, transfer. */
export const work: Messages['desktop']['work'] = {
  total_one: '{{count}} record',
  total_other: '{{count}} records',
  yes: 'Yes',
  no: 'No',
  finishedAt: 'Finished',
  columns: {
    phone: 'Cloud phone',
    phones: 'Cloud phones',
    file: 'File',
    kind: 'Kind',
    version: 'Version',
    size: 'Size',
    time: 'Time',
    state: 'State',
    progress: 'Progress',
    result: 'Result',
    template: 'Template',
    actions: 'Actions',
  },
  files: {
    chosenFiles_one: '{{count}} file chosen',
    chosenFiles_other: '{{count}} files chosen',
    push_one: 'Push to {{count}} cloud phone',
    push_other: 'Push to {{count}} cloud phones',
    recordsOf: 'Cloud phone',
  },
  clone: {
    again: 'Clone again',
  },
};
