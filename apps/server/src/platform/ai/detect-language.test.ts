import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

const isTinyldLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('tinyld'));

describe('detectLanguage', () => {
  it('tells Chinese, Japanese and Korean by their scripts, without loading the statistics', () => {
    expect(detectLanguage('今天天气很好')).toBe('zh');
    expect(detectLanguage('好')).toBe('zh');
    expect(detectLanguage('這輛車的續航很不錯')).toBe('zh');
    // Han characters alone are Chinese; one kana makes it Japanese.
    expect(detectLanguage('東京')).toBe('zh');
    expect(detectLanguage('東京の充電スタンド')).toBe('ja');
    expect(detectLanguage('ありがとう')).toBe('ja');
    expect(detectLanguage('ハロー')).toBe('ja');
    expect(detectLanguage('안녕하세요')).toBe('ko');
    expect(detectLanguage('이 차의 주행거리는 얼마입니까?')).toBe('ko');
    expect(isTinyldLoaded()).toBe(false);
  });

  it('reads a Chinese post with brand names in it as Chinese, and an English one naming a city as English', () => {
    expect(detectLanguage('Tesla Model 3 续航真不错')).toBe('zh');
    expect(detectLanguage('我在用iPhone拍照')).toBe('zh');
    expect(detectLanguage('I drove to 北京 yesterday and the charging was easy')).toBe('en');
  });

  it('ignores links, e-mail addresses, @names and #topics#', () => {
    expect(detectLanguage('@小明 看看这个 https://example.com/a?b=c 😂')).toBe('zh');
    expect(detectLanguage('@SunnyDriver https://example.com 这个充电桩真快')).toBe('zh');
    expect(detectLanguage('#新能源# Where is the nearest charging station?')).toBe('en');
  });

  it('knows the other target languages in ordinary sentences', () => {
    expect(detectLanguage('Hello, how are you?')).toBe('en');
    expect(detectLanguage('The battery lasts about eight years.')).toBe('en');
    expect(detectLanguage('Bonjour, comment allez-vous ?')).toBe('fr');
    expect(detectLanguage('Le chargeur est en panne depuis hier soir.')).toBe('fr');
    expect(detectLanguage('Das Auto ist sehr schnell und leise.')).toBe('de');
    expect(detectLanguage('Wo ist die Ladestation?')).toBe('de');
    expect(detectLanguage('¿Dónde está el cargador?')).toBe('es');
    expect(detectLanguage('El coche es muy rápido.')).toBe('es');
    expect(detectLanguage('Сколько времени занимает зарядка батареи?')).toBe('ru');
    expect(detectLanguage('Спасибо большое')).toBe('ru');
    expect(isTinyldLoaded()).toBe(true);
  });

  it('says und when there is no language to tell', () => {
    expect(detectLanguage('')).toBe('und');
    expect(detectLanguage('1234 !!!')).toBe('und');
    expect(detectLanguage('😀😀')).toBe('und');
    expect(detectLanguage('https://example.com/path')).toBe('und');
    expect(detectLanguage('ok')).toBe('und');
  });

  it('would rather say und than a wrong language for a few short words', () => {
    const short: [string, string][] = [
      ['Great car!', 'en'],
      ['Thanks for sharing', 'en'],
      ['Good morning everyone', 'en'],
      ['Merci pour le partage', 'fr'],
      ['À demain', 'fr'],
      ['Danke fürs Teilen', 'de'],
      ['Bis morgen', 'de'],
      ['Gracias por compartir', 'es'],
      ['¿Vale la pena?', 'es'],
      ['До завтра', 'ru'],
      ['Красивая машина', 'ru'],
      ['Где зарядная станция?', 'ru'],
      ['Батарея разряжена', 'ru'],
      // tinyld's best guess for this one is Dutch, by a hair: und.
      ['La batterie dure environ huit ans.', 'fr'],
    ];
    const answers = short.map(([text]) => detectLanguage(text));
    short.forEach(([text, lang], i) => {
      expect([lang, 'und'], text).toContain(answers[i]);
    });
    // …and still knows most of them.
    expect(answers.filter((answer) => answer !== 'und').length).toBeGreaterThanOrEqual(4);
  });
});
