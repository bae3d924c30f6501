/** The desktop's work screens (issue 31): apps and files, clone, new machine, replacement, transfer. */
export const work = {
  total_one: '共 {{count}} 条',
  total_other: '共 {{count}} 条',
  yes: '是',
  no: '否',
  finishedAt: '完成时间',
  columns: {
    phone: '云手机',
    phones: '云手机',
    file: '文件',
    kind: '类型',
    version: '版本',
    size: '大小',
    time: '时间',
    state: '状态',
    progress: '进度',
    result: '结果',
    template: '模板',
    actions: '操作',
  },
  files: {
    chosenFiles_one: '已选 {{count}} 个文件',
    chosenFiles_other: '已选 {{count}} 个文件',
    push_one: '推送到 {{count}} 台云手机',
    push_other: '推送到 {{count}} 台云手机',
    recordsOf: '云手机',
  },
  clone: {
    again: '继续克隆',
  },
} as const;
