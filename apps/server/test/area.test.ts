/**
 * The area tree call and the lookup the import validates with: the tree's shape and codes, who
 * may call it, and how the lookup tolerates the ways marketplaces and sellers write areas.
 */
import type { AreaTree } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findArea, splitAddress } from '../src/modules/area/area.lookup.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope } from './support.js';

const URL = '/api/b2/area/getThirdLevelAll';

describe('GET /api/b2/area/getThirdLevelAll', () => {
  let t: TestApp;
  let seller: Session;
  let purchaser: Session;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await login(t.app, 'demo_seller');
    purchaser = await login(t.app, 'demo_purchaser');
  });
  afterAll(() => t?.close());

  it('answers province → city → district with codes, the same for every signed-in user', async () => {
    const res = await call(t.app, { url: URL, session: seller });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const { errorCode, data } = envelope<AreaTree>(res);
    expect(errorCode).toBe(0);
    expect(data).toHaveLength(34);
    const cities = data.flatMap((p) => p.children);
    const districts = cities.flatMap((c) => c.children);
    expect(cities.length).toBe(369);
    expect(districts.length).toBe(3479);
    const zj = data.find((p) => p.name === '浙江省')!;
    expect(zj.code).toBe('330000');
    const hz = zj.children.find((c) => c.name === '杭州市')!;
    expect(hz).toMatchObject({ code: '330100' });
    expect(hz.children).toContainEqual({ code: '330106', name: '西湖区' });
    expect(data.find((p) => p.code === '110000')!.children[0]!.children.map((d) => d.name)).toContain('朝阳区');
    // Every district's code starts with its city's first four digits, every city's with its province's two.
    for (const p of data)
      for (const c of p.children) {
        expect(c.code.slice(0, 2)).toBe(p.code.slice(0, 2));
        for (const d of c.children) expect(d.code.slice(0, 4)).toBe(c.code.slice(0, 4));
      }
    const again = await call(t.app, { url: `${URL}?province=ignored`, session: purchaser });
    expect(again.body).toBe(res.body);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 10000 });
  });
});

describe('findArea', () => {
  const name = (p: string, c: string, d: string, a?: string) => {
    const m = findArea(p, c, d, a);
    return m ? [m.province, m.city, m.district] : null;
  };

  it('with or without suffixes', () => {
    expect(name('浙江', '杭州', '西湖区')).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(name('广西', '南宁', '青秀')).toEqual(['广西壮族自治区', '南宁市', '青秀区']);
    expect(name('内蒙古', '鄂尔多斯', '伊金霍洛旗')).toEqual(['内蒙古自治区', '鄂尔多斯市', '伊金霍洛旗']);
    expect(name('湖北', '恩施州', '利川市')).toEqual(['湖北省', '恩施土家族苗族自治州', '利川市']);
  });

  it('municipalities however the city is written', () => {
    for (const city of ['北京市', '北京', '市辖区', '']) expect(name('北京', city, '朝阳区')).toEqual(['北京市', '北京市', '朝阳区']);
    expect(name('重庆', '重庆市', '城口县')).toEqual(['重庆市', '县', '城口县']);
  });

  it('province-direct counties, renamed counties, towns of cities without districts', () => {
    expect(name('湖北省', '仙桃市', '')).toEqual(['湖北省', '省直辖县', '仙桃市']);
    expect(name('湖北省', '省直辖县级行政区划', '仙桃市')).toEqual(['湖北省', '省直辖县', '仙桃市']);
    expect(name('河南省', '济源市', '济源市')).toEqual(['河南省', '省直辖县', '济源市']);
    expect(name('江苏省', '徐州市', '铜山县')).toEqual(['江苏省', '徐州市', '铜山区']);
    expect(name('广东省', '东莞市', '长安镇')).toEqual(['广东省', '东莞市', '长安镇']);
    expect(name('广东省', '东莞市', '', '长安镇振安路1号')).toEqual(['广东省', '东莞市', '长安镇']);
  });

  it('refuses unknown, ambiguous and inconsistent areas rather than guessing', () => {
    expect(name('火星省', '奥林匹斯市', '山区')).toBeNull();
    expect(name('浙江省', '宁波市', '西湖区')).toBeNull();
    // 桥西区 is in two cities of Hebei: without the city it cannot be told.
    expect(name('河北省', '', '桥西区')).toBeNull();
    expect(name('浙江省', '杭州市', '')).toBeNull();
    expect(name('', '', '')).toBeNull();
  });
});

describe('splitAddress', () => {
  const split = (s: string) => {
    const m = splitAddress(s);
    return m ? [m.province, m.city, m.district, m.address] : null;
  };

  it('Taobao style with spaces and a postcode', () => {
    expect(split('浙江省 杭州市 西湖区 文三路1号(310000)')).toEqual(['浙江省', '杭州市', '西湖区', '文三路1号']);
    expect(split('北京 北京市 朝阳区 建国路88号 SOHO 1座')).toEqual(['北京市', '北京市', '朝阳区', '建国路88号 SOHO 1座']);
    expect(split('北京市 朝阳区 建国路88号')).toEqual(['北京市', '北京市', '朝阳区', '建国路88号']);
    expect(split('湖北省 仙桃市 干河街道 仙桃大道1号')).toEqual(['湖北省', '省直辖县', '仙桃市', '干河街道 仙桃大道1号']);
  });

  it('written without spaces', () => {
    expect(split('广东省广州市天河区体育西路1号')).toEqual(['广东省', '广州市', '天河区', '体育西路1号']);
    expect(split('上海上海市浦东新区世纪大道100号')).toEqual(['上海市', '上海市', '浦东新区', '世纪大道100号']);
    expect(split('重庆市重庆市城口县葛城街道1号')).toEqual(['重庆市', '县', '城口县', '葛城街道1号']);
  });

  it('nothing for text that names no area', () => {
    expect(split('火星 奥林匹斯山 1号')).toBeNull();
    expect(split('')).toBeNull();
  });
});
