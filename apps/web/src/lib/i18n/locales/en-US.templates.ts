import type { Messages } from './zh-CN';

/** Clone templates, cloning and clone records (issue 15). */
export const templates: Messages['templates'] = {
  empty: "No templates yet: make one from a phone's tools or from batch operation",
  size: 'Size',
  source: 'From',
  created: 'Created',
  expiry: 'Expires',
  daysLeft_one: '{{count}} day left',
  daysLeft_other: '{{count}} days left',
  clone: 'Clone',
  delete: 'Delete',
  deleteConfirm: 'Delete the template "{{name}}"? This cannot be undone.',
  deleted: 'Template deleted',
  state: {
    creating: 'Creating',
    ready: 'Ready',
    create_fail: 'Create failed',
    deleting: 'Deleting',
    removed: 'Removed',
    expired: 'Expired',
  },
  make: {
    title: 'Make template',
    hint: "A template keeps the phone's apps, files, notes, clipboard, settings and game progress, to clone onto other phones of the same Android version.",
    phone: 'Cloud phone',
    pickPhone: 'Choose a cloud phone',
    name: 'Template name',
    namePlaceholder: 'Template name (1 to 20 characters)',
    submit: 'Make template',
    started: 'Making the template',
  },
  clonePage: {
    template: 'Template',
    pickTemplate: 'Choose a template first, then the phones to clone it onto',
    noTemplates: 'No ready templates: make a template first',
    phones: 'Cloud phones',
    otherAndroid: "Android {{android}}, not the template's version",
    newMachine: 'Also make each a new machine',
    submit_one: 'Clone onto {{count}} phone',
    submit_other: 'Clone onto {{count}} phones',
    confirm:
      'Cloning replaces the apps and data of the {{count}} chosen phones with those of the template "{{name}}" and cannot be undone. Continue?',
  },
  cloneState: {
    cloning: 'Cloning',
    success: 'Cloned',
    partial: 'Partly cloned',
    failed: 'Clone failed',
  },
  target: {
    waiting: 'Waiting',
    success: 'Done',
    reason: {
      offline: 'The phone was not online',
      incompatible: 'Another Android version',
      timeout: 'Did not finish in time',
      failed: 'Clone failed',
    },
  },
  records: {
    empty: 'No clone records',
    end: 'No more',
  },
};
