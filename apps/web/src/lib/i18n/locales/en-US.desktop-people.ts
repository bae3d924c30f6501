import type { Messages } from './zh-CN';

/** The desktop's people screens (issue 31): grants, clipboard, messages and the SDK guide. */
export const people: Messages['desktop']['people'] = {
  actions: 'Actions',
  total: '{{count}} in all',
  grants: {
    grantor: 'Granted by',
    details: 'Details',
    takeBackSelected: 'Take back selected ({{count}})',
    takeBackManyConfirm: 'Take back the {{count}} selected grants? Whoever uses these phones loses them at once.',
    made: '{{count}} grant(s) made',
    chooseHint: 'Choose one or more cloud phones: each gets a grant of its own.',
  },
  clipboard: {
    type: 'Type into the phone',
    search: 'Search texts',
    toPhone: 'Send to a cloud phone',
    choosePhone: 'Choose the cloud phone to send text to',
    changePhone: 'Another phone',
    viewOnly: 'This cloud phone is view-only: text cannot be sent to it.',
    offline: 'The connection to the cloud phone was lost',
    reconnect: 'Reconnect',
    text: 'Text',
    addEntry: 'Add text',
    entryPlaceholder: 'Text to keep',
    copy: 'Copy to computer',
    copied: "Copied to this computer's clipboard",
    removeSelected: 'Delete selected ({{count}})',
    removeManyConfirm: 'Delete the {{count}} selected items?',
    local: 'Saved texts and common phrases are kept on this computer only.',
  },
  messages: {
    status: 'Status',
    read: 'Read',
    type: 'Type',
    title: 'Title',
    content: 'Content',
    time: 'Time',
    markRead: 'Mark read ({{count}})',
    markedRead: 'Marked as read',
    earlier: 'Earlier conversation',
    qrHint: 'Scan the QR code to contact customer service',
  },
  sdkGuide: {
    contents: 'Contents',
  },
};
