// Texts of the predictions (the /prediksi list and the match page's Prediksi tab). Every forecast is
// labelled with its source: Gelora's own statistical model, or the data provider's predictions.
// Spec texts ('Prediksi belum tersedia', the market names, 2X) are verbatim.
const sourceModel = 'Prediksi model statistik Gelora — bukan jaminan hasil';
const sourceProvider = (provider: string) => `Prediksi dari penyedia data ${provider} — bukan jaminan hasil`;

export const predictions = {
  tab: 'Prediksi',
  /** Label of forecasts from Gelora's model (src/lib/server/predictions/model.ts). */
  sourceModel,
  /** Label of forecasts taken from the football data provider. */
  sourceProvider,
  /**
   * The one label of a prediction's source (a row's `source`: 'model' or the provider's name), as
   * the football pages name theirs: 'Sumber: …'.
   */
  source: (source: string) => `Sumber: ${source === 'model' ? sourceModel : sourceProvider(source)}`,
  /** A row's own short source tag, shown on a list that mixes sources ('Model Gelora', 'apifootball.com'). */
  sourceTag: (source: string) => (source === 'model' ? 'Model Gelora' : source),
  /** Under the model's label (/prediksi, the Prediksi tab): what the model is, in a line. */
  modelNote:
    'Peluang dihitung dari hasil pertandingan sebelumnya (model gol Dixon–Coles). Angka ini perkiraan, bukan kepastian.',
  /**
   * The Prediksi tab of a match that kicked off or whose kick-off passed (kickoffPassed). Its forecast
   * may have been refitted after the kick-off time while the data had no result, so it is not said
   * to be from before the match: only from before its result.
   */
  beforeResult: 'Prediksi ini dihitung sebelum hasil pertandingan diketahui.',
  /** Above a /prediksi list that holds such matches. */
  beforeResultList:
    'Untuk pertandingan yang sudah dimulai atau yang jadwal kick-off-nya sudah lewat, prediksi yang ditampilkan dihitung sebelum hasilnya diketahui.',
  empty: 'Prediksi belum tersedia',
  notFound: 'Prediksi belum tersedia, silahkan pilih pertandingan atau tanggal lainnya.',
  markets: {
    oneXTwo: '1X2',
    home: '1',
    draw: 'X',
    away: '2',
    doubleChance: 'Double Chance',
    homeOrDraw: '1X',
    drawOrAway: '2X',
    homeOrAway: '12',
    overUnder: (line: string) => `Over/Under ${line}`,
    over: 'Over',
    under: 'Under',
  },
} as const;
