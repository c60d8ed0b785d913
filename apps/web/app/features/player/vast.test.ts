import { describe, expect, it } from 'vitest';
import { parseSkipOffset, parseVast, parseVastTime, parseXml, pickMediaFile, quartilesReached } from './vast.ts';

const INLINE = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <!-- a comment -->
  <Ad id="1">
    <InLine>
      <AdSystem>Fake</AdSystem>
      <Impression id="i"><![CDATA[https://ads.example/imp?a=1&b=2]]></Impression>
      <Error>https://ads.example/err?code=[ERRORCODE]</Error>
      <Creatives>
        <Creative>
          <Linear skipoffset="00:00:05">
            <Duration>00:00:15.500</Duration>
            <TrackingEvents>
              <Tracking event="start">https://ads.example/start</Tracking>
              <Tracking event="complete"><![CDATA[https://ads.example/complete]]></Tracking>
              <Tracking event="skip">https://ads.example/skip</Tracking>
            </TrackingEvents>
            <VideoClicks><ClickThrough>https://brand.example/?x=1&amp;y=2</ClickThrough></VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/webm" width="640" height="360">https://cdn.example/a.webm</MediaFile>
              <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://cdn.example/a-1080.mp4</MediaFile>
              <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example/a-360.mp4</MediaFile>
              <MediaFile delivery="progressive" type="application/x-shockwave-flash" width="640" height="360">https://cdn.example/a.swf</MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;

describe('parseXml', () => {
  it('reads elements, attributes, CDATA and entities', () => {
    const root = parseXml('<a x="1" y=\'&lt;2&gt;\'><b>t&amp;u</b><c/><![CDATA[<raw>]]></a>');
    const a = root.children[0];
    expect(a?.attributes).toEqual({ x: '1', y: '<2>' });
    expect(a?.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(a?.children[0]?.text).toBe('t&u');
    expect(a?.text).toBe('<raw>');
  });
  it('throws on broken XML', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a>')).toThrow();
    expect(() => parseXml('<a><![CDATA[x</a>')).toThrow();
  });
});

describe('parseVast', () => {
  it('reads an inline linear ad', () => {
    const result = parseVast(INLINE);
    expect(result.kind).toBe('inline');
    if (result.kind !== 'inline') return;
    const { ad } = result;
    expect(ad.duration).toBe(15.5);
    expect(ad.skipOffset).toBe(5);
    expect(ad.impressions).toEqual(['https://ads.example/imp?a=1&b=2']);
    expect(ad.errors).toEqual(['https://ads.example/err?code=[ERRORCODE]']);
    expect(ad.clickThrough).toBe('https://brand.example/?x=1&y=2');
    expect(ad.tracking).toEqual({
      start: ['https://ads.example/start'],
      complete: ['https://ads.example/complete'],
      skip: ['https://ads.example/skip'],
    });
    expect(ad.mediaFiles.map((f) => f.url)).toEqual([
      'https://cdn.example/a.webm',
      'https://cdn.example/a-1080.mp4',
      'https://cdn.example/a-360.mp4',
    ]);
    expect(pickMediaFile(ad.mediaFiles, 390)?.url).toBe('https://cdn.example/a-360.mp4');
    expect(pickMediaFile(ad.mediaFiles, 1800)?.url).toBe('https://cdn.example/a-1080.mp4');
  });
  it('reads a wrapper and an empty answer', () => {
    const wrapper = parseVast(
      '<VAST version="3.0"><Ad><Wrapper><Impression>https://a.example/i</Impression><VASTAdTagURI><![CDATA[https://b.example/vast]]></VASTAdTagURI></Wrapper></Ad></VAST>',
    );
    expect(wrapper).toEqual({
      kind: 'wrapper',
      next: 'https://b.example/vast',
      impressions: ['https://a.example/i'],
      tracking: {},
    });
    expect(parseVast('<VAST version="4.0"/>')).toEqual({ kind: 'empty' });
  });
  it('refuses what is not VAST', () => {
    expect(() => parseVast('<html></html>')).toThrow();
    expect(() => parseVast('<VAST><Ad>')).toThrow();
  });
  it('reads times, skip offsets and quartiles', () => {
    expect(parseVastTime('01:02:03.5')).toBe(3723.5);
    expect(parseVastTime('soon')).toBeNaN();
    expect(parseSkipOffset('25%', 20)).toBe(5);
    expect(parseSkipOffset(undefined, 20)).toBeNull();
    expect(parseSkipOffset('x', 20)).toBeNull();
    expect(quartilesReached(6, 20)).toEqual(['start', 'firstQuartile']);
    expect(quartilesReached(19, 20)).toEqual(['start', 'firstQuartile', 'midpoint', 'thirdQuartile']);
    expect(quartilesReached(1, 0)).toEqual([]);
  });
});
