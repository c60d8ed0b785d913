/** Names and one-line descriptions of the theme feeds. */
export const THEME_MESSAGES = {
  mod: { label: '改装', description: '车友们的改装案例：轮毂、包围、灯光、内饰与性能升级。' },
  beauty: { label: '颜值', description: '好看的车、好看的照片：车友们的颜值大片与美容心得。' },
  travel: { label: '旅行', description: '开着电车去远方：自驾路线、充电攻略和沿途风景。' },
  tesla: { label: '特斯拉', description: '特斯拉车主的玩车分享：功能技巧、配件和用车日常。' },
  exp: { label: '经验', description: '真实车主的用车经验：续航、充电、保养与避坑。' },
} as const;
