/**
 * The demo catalog in the demo site's other languages (fr, de, es, ar): product titles and descriptions, seeded as
 * each product's `translations` (data/translations.ts). English, the default, is the product itself (demo-catalog.ts).
 */
type Text = { title: string; description: string };

export const DEMO_PRODUCT_TRANSLATIONS: Record<string, Record<'fr' | 'de' | 'es' | 'ar', Text>> = {
  'stoneware-mug': {
    fr: {
      title: 'Mug en grès',
      description: 'Un mug de 350 ml émaillé à la main qui garde le café au chaud et tient bien en main.',
    },
    de: {
      title: 'Steinzeugbecher',
      description: 'Ein handglasierter 350-ml-Becher, der Kaffee warm hält und gut in der Hand liegt.',
    },
    es: {
      title: 'Taza de gres',
      description: 'Una taza de 350 ml esmaltada a mano que mantiene el café caliente y se sostiene con comodidad.',
    },
    ar: {
      title: 'كوب من الخزف الحجري',
      description: 'كوب سعته 350 مل مزجج يدويًا يحافظ على دفء القهوة ويستقر جيدًا في اليد.',
    },
  },
  'pour-over-kettle': {
    fr: {
      title: 'Bouilloire à col de cygne',
      description:
        'Un bec verseur en col de cygne pour un versement lent et régulier. Compatible gaz, électrique et induction.',
    },
    de: {
      title: 'Pour-Over-Wasserkessel',
      description: 'Schwanenhalsausguss für ein langsames, gleichmäßiges Aufgießen. Für Gas, Elektro und Induktion.',
    },
    es: {
      title: 'Hervidor de cuello de cisne',
      description: 'Pico de cuello de cisne para un vertido lento y uniforme. Apto para gas, eléctrico e inducción.',
    },
    ar: {
      title: 'غلاية التقطير',
      description: 'فوهة على شكل عنق الإوزة لصب بطيء ومتساوٍ. تعمل على الغاز والكهرباء والحث.',
    },
  },
  'olive-wood-board': {
    fr: {
      title: "Planche en bois d'olivier",
      description: "Une planche à découper et de service taillée dans une seule pièce de bois d'olivier.",
    },
    de: {
      title: 'Olivenholzbrett',
      description: 'Ein Schneide- und Servierbrett aus einem einzigen Stück Olivenholz.',
    },
    es: {
      title: 'Tabla de madera de olivo',
      description: 'Una tabla para cortar y servir hecha de una sola pieza de madera de olivo.',
    },
    ar: { title: 'لوح من خشب الزيتون', description: 'لوح للتقطيع والتقديم مصنوع من قطعة واحدة من خشب الزيتون.' },
  },
  'linen-tea-towels': {
    fr: {
      title: 'Torchons en lin (lot de 3)',
      description: 'Du lin lavé à la pierre qui sèche les verres sans peluches et s’adoucit à chaque lavage.',
    },
    de: {
      title: 'Leinen-Geschirrtücher (3er-Set)',
      description: 'Stonewashed-Leinen, das Gläser fusselfrei trocknet und mit jeder Wäsche weicher wird.',
    },
    es: {
      title: 'Paños de cocina de lino (juego de 3)',
      description: 'Lino lavado a la piedra que seca las copas sin dejar pelusa y se suaviza con cada lavado.',
    },
    ar: {
      title: 'مناشف شاي من الكتان (طقم من 3)',
      description: 'كتان مغسول بالحجر يجفف الأكواب دون وبر ويزداد نعومة مع كل غسلة.',
    },
  },
  'wool-throw': {
    fr: {
      title: 'Plaid en laine mérinos',
      description: 'Un plaid léger et chaud en mérinos non teint pour le canapé ou le pied du lit.',
    },
    de: {
      title: 'Merinowolldecke',
      description: 'Eine leichte, warme Decke aus ungefärbter Merinowolle für das Sofa oder das Bettende.',
    },
    es: {
      title: 'Manta de lana merino',
      description: 'Una manta ligera y cálida de merino sin teñir para el sofá o los pies de la cama.',
    },
    ar: {
      title: 'بطانية من صوف المرينو',
      description: 'بطانية خفيفة ودافئة من صوف المرينو غير المصبوغ للأريكة أو طرف السرير.',
    },
  },
  'ceramic-vase': {
    fr: {
      title: 'Vase en céramique strié',
      description: 'Un vase mat de 22 cm pour des tiges séchées ou une seule branche fraîche.',
    },
    de: {
      title: 'Geriffelte Keramikvase',
      description: 'Eine matte 22-cm-Vase für Trockenblumen oder einen einzelnen frischen Zweig.',
    },
    es: {
      title: 'Jarrón de cerámica acanalado',
      description: 'Un jarrón mate de 22 cm para tallos secos o una sola rama fresca.',
    },
    ar: {
      title: 'مزهرية خزفية مضلعة',
      description: 'مزهرية غير لامعة بارتفاع 22 سم للسيقان المجففة أو لغصن طازج واحد.',
    },
  },
  'beeswax-candles': {
    fr: {
      title: "Bougies en cire d'abeille (paire)",
      description:
        "Des chandelles en pure cire d'abeille trempées à la main qui brûlent proprement pendant environ huit heures.",
    },
    de: {
      title: 'Bienenwachskerzen (Paar)',
      description: 'Handgezogene Stabkerzen aus reinem Bienenwachs, die etwa acht Stunden sauber brennen.',
    },
    es: {
      title: 'Velas de cera de abeja (par)',
      description: 'Velas de pura cera de abeja sumergidas a mano que arden limpias durante unas ocho horas.',
    },
    ar: {
      title: 'شموع من شمع العسل (زوج)',
      description: 'شموع رفيعة من شمع العسل الخالص مغموسة يدويًا تحترق بنظافة لنحو ثماني ساعات.',
    },
  },
  'dot-grid-notebook': {
    fr: {
      title: 'Carnet à points',
      description: 'A5, 192 pages numérotées en papier 100 g qui accepte l’encre du stylo-plume sans traverser.',
    },
    de: {
      title: 'Notizbuch mit Punktraster',
      description: 'A5, 192 nummerierte Seiten aus 100-g-Papier, das Füllertinte ohne Durchschlagen aufnimmt.',
    },
    es: {
      title: 'Cuaderno de puntos',
      description: 'A5, 192 páginas numeradas de papel de 100 g que admite tinta de pluma sin traspasar.',
    },
    ar: {
      title: 'دفتر بشبكة نقاط',
      description: 'مقاس A5، و192 صفحة مرقمة من ورق 100 غ يتحمل حبر قلم الحبر دون أن ينفذ.',
    },
  },
  'brass-pen': {
    fr: {
      title: 'Stylo en laiton massif',
      description: 'Un stylo lourd qui se patine au fil des ans ; accepte les recharges standard.',
    },
    de: {
      title: 'Stift aus massivem Messing',
      description: 'Ein gewichtiger Stift, der über die Jahre Patina ansetzt; nimmt Standardminen.',
    },
    es: {
      title: 'Bolígrafo de latón macizo',
      description: 'Un bolígrafo contundente que adquiere pátina con los años; admite recambios estándar.',
    },
    ar: {
      title: 'قلم من النحاس الأصفر الصلب',
      description: 'قلم ثقيل تتكون عليه طبقة عتيقة مع السنين؛ يقبل العبوات القياسية.',
    },
  },
  'desk-tray': {
    fr: {
      title: 'Plateau de bureau en noyer',
      description: 'Garde stylos, clés et cartes au même endroit sur le bureau.',
    },
    de: {
      title: 'Schreibtischablage aus Walnuss',
      description: 'Hält Stifte, Schlüssel und Karten an einem Ort auf dem Schreibtisch.',
    },
    es: {
      title: 'Bandeja de escritorio de nogal',
      description: 'Mantiene bolígrafos, llaves y tarjetas en un solo lugar del escritorio.',
    },
    ar: { title: 'صينية مكتب من خشب الجوز', description: 'تحفظ الأقلام والمفاتيح والبطاقات في مكان واحد على المكتب.' },
  },
  'canvas-tote': {
    fr: { title: 'Cabas en toile cirée', description: 'Coton ciré déperlant avec anses en cuir et poche intérieure.' },
    de: {
      title: 'Tasche aus gewachstem Canvas',
      description: 'Wasserabweisende gewachste Baumwolle mit Ledergriffen und Innentasche.',
    },
    es: {
      title: 'Bolso de lona encerada',
      description: 'Algodón encerado resistente al agua con asas de cuero y un bolsillo interior.',
    },
    ar: { title: 'حقيبة من القماش المشمّع', description: 'قطن مشمّع مقاوم للماء بمقابض جلدية وجيب داخلي.' },
  },
  'enamel-camp-mug': {
    fr: {
      title: 'Tasse de camping émaillée',
      description: 'La tasse du sentier et du feu de camp ; actuellement épuisée.',
    },
    de: {
      title: 'Emaille-Campingbecher',
      description: 'Der Becher für Wanderweg und Lagerfeuer; derzeit ausverkauft.',
    },
    es: {
      title: 'Taza de camping esmaltada',
      description: 'La taza para el sendero y la fogata; actualmente agotada.',
    },
    ar: { title: 'كوب تخييم مطلي بالمينا', description: 'الكوب المناسب للدرب ونار المخيم؛ نفد حاليًا.' },
  },
};

/** The demo categories' names and descriptions in the other languages (issue #30): shoppers see them translated. */
export const DEMO_CATEGORY_TRANSLATIONS: Record<
  string,
  Record<'fr' | 'de' | 'es' | 'ar', { name: string; description: string }>
> = {
  Kitchen: {
    fr: { name: 'Cuisine', description: 'Mugs, bouilloires et planches pour la cuisine et le café de tous les jours.' },
    de: { name: 'Küche', description: 'Becher, Kessel und Bretter für das tägliche Kochen und den Kaffee.' },
    es: { name: 'Cocina', description: 'Tazas, hervidores y tablas para cocinar y tomar café cada día.' },
    ar: { name: 'المطبخ', description: 'أكواب وغلايات وألواح للطبخ والقهوة كل يوم.' },
  },
  Home: {
    fr: { name: 'Maison', description: 'Plaids, vases et bougies pour une maison plus sereine.' },
    de: { name: 'Wohnen', description: 'Decken, Vasen und Kerzen für ein ruhigeres Zuhause.' },
    es: { name: 'Hogar', description: 'Mantas, jarrones y velas para un hogar más tranquilo.' },
    ar: { name: 'المنزل', description: 'أغطية ومزهريات وشموع لبيت أكثر هدوءًا.' },
  },
  Stationery: {
    fr: { name: 'Papeterie', description: 'Carnets, stylos et plateaux pour le bureau.' },
    de: { name: 'Schreibwaren', description: 'Notizbücher, Stifte und Ablagen für den Schreibtisch.' },
    es: { name: 'Papelería', description: 'Cuadernos, bolígrafos y bandejas para el escritorio.' },
    ar: { name: 'القرطاسية', description: 'دفاتر وأقلام وصوانٍ للمكتب.' },
  },
  Outdoors: {
    fr: { name: 'Plein air', description: 'Sacs et mugs pour les sentiers.' },
    de: { name: 'Draußen', description: 'Taschen und Becher für unterwegs.' },
    es: { name: 'Aire libre', description: 'Bolsas y tazas para el camino.' },
    ar: { name: 'في الهواء الطلق', description: 'حقائب وأكواب للرحلات.' },
  },
};
