import type { Messages } from './zh-CN';

/** Sync control (issue 26): one main phone, followers that replay its touches and keys. */
export const sync: Messages['sync'] = {
  intro:
    'Choose a main phone and up to 19 followers: every tap, swipe, text and key on the main is done on the followers too.',
  choose: 'Choose phones',
  chooseMain: 'Choose the main phone',
  chosen: '{{count}} of {{max}} chosen',
  tooMany: 'At most {{max}} phones can be in sync',
  start: 'Start sync',
  main: 'Main',
  follower: 'Follower',
  keeping: { applied: 'Following', lagging: 'Lagging', offline: 'Offline' },
  paused: 'Paused',
  pause: 'Pause',
  pauseFollowing: 'Pause following',
  pausedFollowing: 'Paused: the phone is yours to operate alone, and its main no longer drives it',
  resume: 'Resume',
  drop: 'Drop',
  dropConfirm: 'Take “{{name}}” out of sync?',
  end: 'End sync',
  endConfirm: 'Ending sync lets every phone be operated alone again. End it?',
  ended: 'Sync ended',
  noPhones: 'No phone can be synced: sync takes phones of your own that are not trials',
  unavailable: {
    trial: 'A trial phone cannot be synced',
  },
};
