/** Sync control (issue 26): one main phone, followers that replay its touches and keys. */
export const sync = {
  intro: '选择一台主控设备和最多 19 台跟随设备：在主控设备上的每次点击、滑动、输入和按键都会在跟随设备上同步执行。',
  choose: '选择设备',
  chooseMain: '选择主控设备',
  chosen: '已选 {{count}} / {{max}} 台',
  tooMany: '最多同步 {{max}} 台设备',
  start: '开始同步',
  main: '主控',
  follower: '跟随',
  keeping: { applied: '同步中', lagging: '延迟', offline: '离线' },
  paused: '已暂停',
  pause: '暂停',
  resume: '继续',
  drop: '移出',
  dropConfirm: '将“{{name}}”移出同步吗？',
  end: '结束同步',
  endConfirm: '结束同步后，所有设备恢复单独操作。确定结束吗？',
  ended: '同步已结束',
  noPhones: '没有可同步的云手机：同步需要自己的、非试用的云手机',
  unavailable: {
    trial: '试用设备不能同步',
  },
};
