/**
 * Frozen test vectors. Keys generated once with openssl for these tests only (never use them for
 * money); the expected signatures were computed with `openssl dgst -sha256 -sign` over the content
 * strings below, independently of our code, and must never change.
 */
export const APP_PRIVATE_KEY_PKCS1 = `-----BEGIN RSA PRIVATE KEY-----
MIIEogIBAAKCAQEAtUGwM5JQVO887YaW+3W2gr/5VETgvxRNkBKFcZXKkh8F1zq3
669uxp/iaBhUT6HYdUHlAwRTEiDZy04CkZkuN+AnGyDfRm1LIiB0ueMLdw1ryVIO
Qd+2j+/4n9VXXq1Oh+aJyhDz3yiFwK4Nn1LOPVDl8IdUs6zVTmKFkZkL1nltrWNa
eUxwll2dmut6uY7gfUdgkBOQHZdqRMLLnchSgP1TWqc9mxuZS3y8HHxDt2ORyoze
UFziq2Zcb2lREmC9q7GEiSGwBHgKDfvHEx8slQa0wBDqVVHsA/fFbT/GBj1Dc8EG
njyPq6vMWZ+7ihnDK1Yzkvfjf9GbobU4vsW+4wIDAQABAoIBADF3V1yDsjuzvLeA
EyVWJzSAqs1GLOXI5zAJ9fQdMpb1M3VdF4ORMZSwXqwU87F11GqPzK2pmPgqEfYr
eIT+vn/OQy3ipzyDqE0MeX6fiWn4tjFPnQd6Q8r9bSdFpF34wyVQk8sbHEsLNpFy
jtIr2ZAfS1l8vW95nA8T0Sr+jx39OQ8oeYcjgcVpzwy8uzid2pU8dq07X2FJCFkb
Au8k5/LmaJAXnJvRDmE49r+qZLdWNWEY2Drbmz4X4mascyVHQ+Gs+8nVPzxOAeKs
NjrftTH+azjUUsk7TZnCgdAepnfzVvV2e/HqddGai1tcHuZQQQW/mTC56RMUk8OD
dyvdrj0CgYEA2G7QgVITwjvxYzedRIvArjYeLecJy3RnmYfTRIB6mxUfhFnKLmYi
cTPk+cKrmPeICqDy9Gj3XYgM+YSqfP4mZx/oDnP8XGzLCuK2lhXz3D2iQEKHchJj
rqAKxrZ8nMt6kXBZSqA32B+Mmah0PD805+qPtPCiEHj6PIJJyFaSi20CgYEA1mSa
fvwx+gHUYuL7pz3bUZ2XSFIVluCsZWwcUhMM55huz0olHAowRF0xfcRW7y9fkJcw
BPl71UD2JTnXupzI8Ft3oCqO1fiotQuQo1RLgrMhtYw8byD4muI7TxpC9oX47CgZ
HOUADCjKK6w7bmzg7ggxeuafVxLtOuxVFEDiMY8CgYAwkbWiv7uFZBRIcquNPVtw
/N4K6QUOrkGtd4iWn8pj0PqwpcG0ZeEmzEF/NwtxGWNjFzlOVdvlFmnq+LWVtScD
D2rxC2A/kX6DI9tblPOTohUuHH/uvme2QV4Jt9wBB7yqtK6lC41cp7/Sn7Xt6zVB
MicrsLB9x9hICejq11qthQKBgEdcWShnXWMv9LetgcIbDsNNxyslV1ZPFlLz90FC
Ygs8a7XHoi6BHavDsVOBZMZcaFzCVhNxz0weQVAGvs24nhGTAHBpef2ytMT+Qnh6
+F9arJ+3O+5pdRZoswETZrKTyVUhy6oYdzmU4iZDP8zzpLLWO1IDLYpYHGp+e5sw
NZn1AoGAfZ2RlSOu0wClKjVBTTUb2FNLT5JNmzVHNBhpmreY3MfQVETcD3kK84Hg
BTUKGs2VQmdAIkd2kKFLhxsL3s7c94ZTZb29hhS9IYFuzIrxnMHiROqeTcPDUez/
f+XoCimxI4+f3e7h2bAyTUbXOLrfN0jVYtIPjeGbMUiT+LYDMkk=
-----END RSA PRIVATE KEY-----`;
export const APP_PRIVATE_KEY_PKCS8 = `-----BEGIN PRIVATE KEY-----
MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQC1QbAzklBU7zzt
hpb7dbaCv/lUROC/FE2QEoVxlcqSHwXXOrfrr27Gn+JoGFRPodh1QeUDBFMSINnL
TgKRmS434CcbIN9GbUsiIHS54wt3DWvJUg5B37aP7/if1VderU6H5onKEPPfKIXA
rg2fUs49UOXwh1SzrNVOYoWRmQvWeW2tY1p5THCWXZ2a63q5juB9R2CQE5Adl2pE
wsudyFKA/VNapz2bG5lLfLwcfEO3Y5HKjN5QXOKrZlxvaVESYL2rsYSJIbAEeAoN
+8cTHyyVBrTAEOpVUewD98VtP8YGPUNzwQaePI+rq8xZn7uKGcMrVjOS9+N/0Zuh
tTi+xb7jAgMBAAECggEAMXdXXIOyO7O8t4ATJVYnNICqzUYs5cjnMAn19B0ylvUz
dV0Xg5ExlLBerBTzsXXUao/MramY+CoR9it4hP6+f85DLeKnPIOoTQx5fp+Jafi2
MU+dB3pDyv1tJ0WkXfjDJVCTyxscSws2kXKO0ivZkB9LWXy9b3mcDxPRKv6PHf05
Dyh5hyOBxWnPDLy7OJ3alTx2rTtfYUkIWRsC7yTn8uZokBecm9EOYTj2v6pkt1Y1
YRjYOtubPhfiZqxzJUdD4az7ydU/PE4B4qw2Ot+1Mf5rONRSyTtNmcKB0B6md/NW
9XZ78ep10ZqLW1we5lBBBb+ZMLnpExSTw4N3K92uPQKBgQDYbtCBUhPCO/FjN51E
i8CuNh4t5wnLdGeZh9NEgHqbFR+EWcouZiJxM+T5wquY94gKoPL0aPddiAz5hKp8
/iZnH+gOc/xcbMsK4raWFfPcPaJAQodyEmOuoArGtnycy3qRcFlKoDfYH4yZqHQ8
PzTn6o+08KIQePo8gknIVpKLbQKBgQDWZJp+/DH6AdRi4vunPdtRnZdIUhWW4Kxl
bBxSEwznmG7PSiUcCjBEXTF9xFbvL1+QlzAE+XvVQPYlOde6nMjwW3egKo7V+Ki1
C5CjVEuCsyG1jDxvIPia4jtPGkL2hfjsKBkc5QAMKMorrDtubODuCDF65p9XEu06
7FUUQOIxjwKBgDCRtaK/u4VkFEhyq409W3D83grpBQ6uQa13iJafymPQ+rClwbRl
4SbMQX83C3EZY2MXOU5V2+UWaer4tZW1JwMPavELYD+RfoMj21uU85OiFS4cf+6+
Z7ZBXgm33AEHvKq0rqULjVynv9Kfte3rNUEyJyuwsH3H2EgJ6OrXWq2FAoGAR1xZ
KGddYy/0t62BwhsOw03HKyVXVk8WUvP3QUJiCzxrtceiLoEdq8OxU4FkxlxoXMJW
E3HPTB5BUAa+zbieEZMAcGl5/bK0xP5CeHr4X1qsn7c77ml1FmizARNmspPJVSHL
qhh3OZTiJkM/zPOkstY7UgMtilgcan57mzA1mfUCgYB9nZGVI67TAKUqNUFNNRvY
U0tPkk2bNUc0GGmat5jcx9BURNwPeQrzgeAFNQoazZVCZ0AiR3aQoUuHGwveztz3
hlNlvb2GFL0hgW7MivGcweJE6p5Nw8NR7P9/5egKKbEjj5/d7uHZsDJNRtc4ut83
SNVi0g+N4ZsxSJP4tgMySQ==
-----END PRIVATE KEY-----`;
export const APP_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtUGwM5JQVO887YaW+3W2
gr/5VETgvxRNkBKFcZXKkh8F1zq3669uxp/iaBhUT6HYdUHlAwRTEiDZy04CkZku
N+AnGyDfRm1LIiB0ueMLdw1ryVIOQd+2j+/4n9VXXq1Oh+aJyhDz3yiFwK4Nn1LO
PVDl8IdUs6zVTmKFkZkL1nltrWNaeUxwll2dmut6uY7gfUdgkBOQHZdqRMLLnchS
gP1TWqc9mxuZS3y8HHxDt2ORyozeUFziq2Zcb2lREmC9q7GEiSGwBHgKDfvHEx8s
lQa0wBDqVVHsA/fFbT/GBj1Dc8EGnjyPq6vMWZ+7ihnDK1Yzkvfjf9GbobU4vsW+
4wIDAQAB
-----END PUBLIC KEY-----`;
export const ALIPAY_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC0xtxjg2ga30p4
cv6kmQtndXoAvNnCQH5qOU99N3kE0PLPSU7o6w1hT2Uq7ud/e+g2PCBre9hhT96t
GaVqsDE+uhTYvdqEos5rqAYrB09xd62Pcq53N6cvBeHLzlwknezp643kqHox5R3V
8n1SnKZkyR0S9TBMLtMVL1DFMww5T/jDgc8QJkgePLExcOFOloeGkU2SUeNw8GqZ
WDwVyZzFIv1m4W5HKeE1L0dM1Nu9NbV9yYIalP3HJ9rYpMdX8OQIyV5hXnlTBSbO
ho8DQJrZt+esqnFY/jRz2pOGaIUEKcLoMFK/NHlumdNyatQvIDCz5AD6QVoA0W9h
Od+c4pIhAgMBAAECggEAArss5fd8pYhJVZ3GJVo3EwRyOAviXdYP2t68CdQiWM1n
17QftDLl6DoU+RO0LWfDs7sPkdQkih7U6khUiJK6IbyZt0cSA7Y6eGOo2TJSc9BH
L98/jcdKWDJmbYfz+i0lIMkZYxKdCv8vRtXTqSF6/ZOQxAIujT4ZXAzzk1EgvoZl
ZXQ6JPeIDykMG93eTtjAGF5e5DvdE78dtoXcoIpRpp8zsFasRMYUyEdf2tZMSc4Q
OzfeW+xqVP2aybHTiQFVRW5nZJHz6wElevU0biNzNbg5PzmBL38CYVT9Gq0DbWCH
xS16XFHE3prGeyL/du18Bauexb3K2/rYa93Eq+2LoQKBgQDiMFkPCgmVwAHAv+6C
O6azzMPpfFZR43CUQWEn02zGHwYaV+lBYDuPwm3JKozgjOtYZikycmrtjkZ6T20Z
DZ+JCZO6gdkpS4AQipQ3hPrWy2NiHkIT5JUNbtZC9J41hOcBrjWC+OABvDPE8qwC
KLBfphSniBOw2Abl1mq85rITMQKBgQDMmk1XnXtaUD2mKfXmRiXIYiEYTYFzd6qS
24ylTPHo3B+3IFQH8Vgd1qVntuCf3ERHPIJERQj/3FWvtIcoqW9O+HEe2q4zDNX8
Wc+o8hpePTXLedovG97bwctqzWvIXeLTZpSkESXIPI7SPxzPhgN+7FrrFF8VQtok
AV8TRuxR8QKBgQDRJlOzjFyAlCMK0G8DDZV//H/LjqVi4yRecnYcFWwnZtiF03Rk
d0+cBvTtZuMNYEDeZNkDRLmLIFwbDQace/RhCvIHK7pabO3mXb3f+J7Zrwge2kvP
iTYqTariDr+cTWAuNaBVkzvPXu+f1aUn+efdCf1fTHyosZjvPe1E7y0KgQKBgQC5
M/dMls3Ay59yWMswnVC4GTNx5z6Fgc3ST4/5VTQon5DJ2CaYZftoTxK8VgrwSZc4
kGouV/s0d4LMoHIz+WM7LaJf1n0W0sikO7vAZx49LdUTEYLRX74UWFDEpZup7GpV
B6cG+Eql/UMex2hR5TIm4tXNs0v6V+BT9TXVoj5qUQKBgAci48yZdrpBxckSD+Jv
RBTig4OHhpASWrt4pxJ8vjWZHRyRMnuZ/QIaZI+zGj3ogeiKRS9tsw/sHSvzPNHU
IDmGwMq8yypXUxF0rlo8R6K1LKi8pdgPpPPxp/N1Z9v9hO/UGU42k4RjWTG8rZ67
8yj9yJgkkvAbCp8kM2EUOlWN
-----END PRIVATE KEY-----`;
export const ALIPAY_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtMbcY4NoGt9KeHL+pJkL
Z3V6ALzZwkB+ajlPfTd5BNDyz0lO6OsNYU9lKu7nf3voNjwga3vYYU/erRmlarAx
ProU2L3ahKLOa6gGKwdPcXetj3KudzenLwXhy85cJJ3s6euN5Kh6MeUd1fJ9Upym
ZMkdEvUwTC7TFS9QxTMMOU/4w4HPECZIHjyxMXDhTpaHhpFNklHjcPBqmVg8Fcmc
xSL9ZuFuRynhNS9HTNTbvTW1fcmCGpT9xyfa2KTHV/DkCMleYV55UwUmzoaPA0Ca
2bfnrKpxWP40c9qThmiFBCnC6DBSvzR5bpnTcmrULyAws+QA+kFaANFvYTnfnOKS
IQIDAQAB
-----END PUBLIC KEY-----`;

/** A page-pay request as the client builds it (biz_content key order as the client writes it). */
export const REQUEST_PARAMS: Record<string, string> = {
  version: '1.0',
  method: 'alipay.trade.page.pay',
  app_id: '2021000000000001',
  timestamp: '2026-01-01 08:00:00',
  format: 'JSON',
  charset: 'utf-8',
  sign_type: 'RSA2',
  notify_url: 'https://shop.example.com/api/alipay/notify',
  biz_content: '{"out_trade_no":"T20260101001","total_amount":"12.34","subject":"代发订单充值","product_code":"FAST_INSTANT_TRADE_PAY"}',
};
export const REQUEST_CONTENT = `app_id=2021000000000001&biz_content={"out_trade_no":"T20260101001","total_amount":"12.34","subject":"代发订单充值","product_code":"FAST_INSTANT_TRADE_PAY"}&charset=utf-8&format=JSON&method=alipay.trade.page.pay&notify_url=https://shop.example.com/api/alipay/notify&sign_type=RSA2&timestamp=2026-01-01 08:00:00&version=1.0`;
export const REQUEST_SIGN =
  'O2fuS7HGSVCZeLzA28T2qdzjN3xxuLl7ZUko0j7MuKRluOCdYMG0E6SueU2Gia92SwoHfqL5kkULJf6jc431kth0ToPndxWoyQxDBGVy8yg6XCuXTjNw6SQJyUZrjJUe581ClH+UZr6G2fq7m5joUHintKmJ+Vvf0EAxSN+ac0UdmhSyKEQcA23H5ctKfAJH5jwrSQkQTKljm2SxPKUnfBesvjFJtLCHYGF17896IU6QuFngCOy9DicgOVQr58t+V4vEo/pEJRm/vqixHyZkd3IBEYvQy6yQKNIN8GXdfoNrs/mUnVZZaeQmP6hJU0MHb78veFZQb5+LEsUNneNkRQ==';

/** An async notify as Alipay sends it, signed with ALIPAY_PRIVATE_KEY over all fields but sign and sign_type. */
export const NOTIFY_PARAMS: Record<string, string> = {
  notify_time: '2026-01-01 08:01:01',
  notify_type: 'trade_status_sync',
  notify_id: '2026notify0001',
  app_id: '2021000000000001',
  charset: 'utf-8',
  version: '1.0',
  sign_type: 'RSA2',
  sign: 'NidtMNf0IfCi/hYGKTzvEkQJCemnnohY5ZxYPGwO1TUtczs7rz8IC4B7l5XkFndsG+8kEXTuhWqY6NLgXmZtnLSGCyH0q2eEvhWN6TjfdzA42e24flyS99YZzK5uyYyQe9crVWaVbG874NmYXr/8U+DAyCGwsM/rfRYYytMzLCqmq9a7WNte6cTllpRJQ65zss5X8RZchJhHx0EaOPQDrXFW0OQyTgTpFXVapYeujnWEihF8FHcK+TKmI6HezGD5PsroPGlHnh62mTot3hxihsFNUrNe+8TPsoMHfw1rsZ2MplnvHczrw9q4PS2Cq/Urq6aDlK6JrNAHMtQR6UdB8w==',
  trade_no: '2026010122001400000000000001',
  out_trade_no: 'T20260101001',
  total_amount: '12.34',
  receipt_amount: '12.34',
  buyer_pay_amount: '12.34',
  trade_status: 'TRADE_SUCCESS',
  gmt_payment: '2026-01-01 08:01:00',
  subject: '代发订单充值',
};
