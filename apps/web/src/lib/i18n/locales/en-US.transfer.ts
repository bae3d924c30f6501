import type { Messages } from './zh-CN';

/** The transfer and one-key new machine pages' texts (spec §2 transferDevice, transferList, newMachine). */
export const transfer: Messages['transfer'] = {
  entry: 'Transfer',
  records: 'Transfer records',
  choosePhones: 'Choose the cloud phones to transfer',
  grantedToYou: 'A phone granted to you cannot be transferred',
  account: 'Receiving account',
  accountPlaceholder: "The other account's mobile or UID",
  rules:
    "At most {{batch}} phones at once and {{perDay}} a day per account; each phone at most {{perPhone}}× in {{hours}} h, with over {{minHours}} h left. Take back a phone's grants before transferring it.",
  check: 'Check',
  checking: 'Checking…',
  checkTitle: 'Check result',
  canTransfer: 'Can be transferred',
  submit: 'Transfer',
  confirm_one:
    'Transfer {{count}} cloud phone to {{account}}? The phone and its data become theirs, you lose access at once, and this cannot be undone.',
  confirm_other:
    'Transfer {{count}} cloud phones to {{account}}? The phones and their data become theirs, you lose access at once, and this cannot be undone.',
  started: 'Transfer {{transferNo}} submitted',
  noPhones: 'No cloud phone can be transferred',
  tooMany: 'At most {{count}} cloud phones can be transferred at once',
  recheck: 'Check again after a change',
  out: 'Sent',
  in: 'Received',
  emptyOut: 'You have not transferred any phone yet',
  emptyIn: 'You have not received any phone yet',
  from: 'From',
  to: 'To',
  phones: 'Phones',
  transferNo: 'Transfer no.',
  listEnd: 'No more',
  status: {
    waiting: 'Waiting',
    transferring: 'Transferring',
    successful: 'Successful',
    failed: 'Failed',
  },
};

export const newMachine: Messages['newMachine'] = {
  entry: 'New machine',
  tabs: { start: 'New machine', records: 'Records' },
  choosePhones: 'Choose cloud phones (at most {{count}} at once)',
  brand: 'Brand',
  anyBrand: 'Any',
  warning:
    'A new machine gives the phone a random brand, model, IMEI and serial number, erases its apps, files and data, and restarts it.',
  submit: 'Make new',
  confirm_one: 'Make {{count}} cloud phone new? Its apps, files and data will be erased and cannot be recovered.',
  confirm_other: 'Make {{count}} cloud phones new? Their apps, files and data will be erased and cannot be recovered.',
  started_one: 'Started: {{count}} cloud phone is being made new',
  started_other: 'Started: {{count}} cloud phones are being made new',
  tooMany: 'At most {{count}} cloud phones at once',
  noPhones: 'No cloud phone can be made new',
  empty: 'No new machine records yet',
  before: 'Before',
  after: 'After',
  pending: 'Making new…',
  imei: 'IMEI {{imei}}',
  serial: 'Serial {{serial}}',
  anyBrandRecord: 'Any brand',
  listEnd: 'No more',
  status: { running: 'In progress', successful: 'Successful', failed: 'Failed' },
};
