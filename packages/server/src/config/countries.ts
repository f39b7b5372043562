/**
 * ISO 3166-1 countries: every alpha-2 code with its alpha-3 code, as Debian's iso-codes 4.15 lists them (249).
 * Addresses keep alpha-2 capitals ("FR"); `toAlpha2` also reads alpha-3 ("FRA") and small letters, so an address
 * typed or imported with a three-letter code is not refused (docs/commerce.md → Countries). Migration 104 moved
 * the members' saved addresses to alpha-2 with the same table.
 */

/** "FRFRA": alpha-2 then alpha-3, one country per entry. */
const PAIRS = (
  'ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW AXALA AZAZE ' +
  'BABIH BBBRB BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN BOBOL BQBES BRBRA BSBHS ' +
  'BTBTN BVBVT BWBWA BYBLR BZBLZ CACAN CCCCK CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN ' +
  'COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST ' +
  'EGEGY EHESH ERERI ESESP ETETH FIFIN FJFJI FKFLK FMFSM FOFRO FRFRA GAGAB GBGBR GDGRD GEGEO GFGUF ' +
  'GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY HKHKG HMHMD ' +
  'HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA JEJEY JMJAM ' +
  'JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ LALAO LBLBN LCLCA ' +
  'LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY MAMAR MCMCO MDMDA MEMNE MFMAF MGMDG MHMHL MKMKD ' +
  'MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS MVMDV MWMWI MXMEX MYMYS MZMOZ NANAM ' +
  'NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL OMOMN PAPAN PEPER PFPYF PGPNG ' +
  'PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT REREU ROROU RSSRB RURUS RWRWA ' +
  'SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD ' +
  'STSTP SVSLV SXSXM SYSYR SZSWZ TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON ' +
  'TRTUR TTTTO TVTUV TWTWN TZTZA UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR ' +
  'VNVNM VUVUT WFWLF WSWSM YEYEM YTMYT ZAZAF ZMZMB ZWZWE ' +
  ''
)
  .trim()
  .split(' ');

/** Every ISO 3166-1 alpha-2 code, sorted. */
export const COUNTRY_CODES: readonly string[] = PAIRS.map((p) => p.slice(0, 2));

/** Alpha-3 → alpha-2. */
export const ALPHA3_TO_ALPHA2: ReadonlyMap<string, string> = new Map(PAIRS.map((p) => [p.slice(2), p.slice(0, 2)]));

const ALPHA2 = new Set(COUNTRY_CODES);

/** The alpha-2 code of an alpha-2 or alpha-3 code in any case ("fra" → "FR"); undefined for anything else. */
export function toAlpha2(value: string): string | undefined {
  const code = value.trim().toUpperCase();
  if (code.length === 2) return ALPHA2.has(code) ? code : undefined;
  if (code.length === 3) return ALPHA3_TO_ALPHA2.get(code);
  return undefined;
}
