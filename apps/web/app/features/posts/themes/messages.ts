/** One-line descriptions of the theme feeds (their names are the contract's THEME_PAGE). */
export const THEME_MESSAGES = {
  mod: { description: '车友们的改装案例：轮毂、包围、灯光、内饰与性能升级。' },
  beauty: { description: '好看的车、好看的照片：车友们的颜值大片与美容心得。' },
  travel: { description: '开着电车去远方：自驾路线、充电攻略和沿途风景。' },
  tesla: { description: '特斯拉车主的玩车分享：功能技巧、配件和用车日常。' },
  exp: { description: '真实车主的用车经验：续航、充电、保养与避坑。' },
} as const;
