// Demo page texts (SEED_DEMO=1): what a new NGO sees before writing its own. Real, careful
// wording in both languages, so the site is usable as it stands.

export const demoContent = {
  About: {
    en: [
      'We are a coalition of Iraqi civil-society organisations working against human trafficking in every governorate of Iraq.',
      'Our teams listen to people who were deceived, sold, forced to work or to marry, and help them reach safety, medical care, legal advice and a way back to a dignified life.',
      'We train police officers, judges, labour inspectors, teachers and journalists to recognise the signs of trafficking, and we work with the Central Committee to Combat Human Trafficking so that the Anti-Human Trafficking Law No. 28 of 2012 protects victims in practice.',
      'Everything we offer is free and confidential. You do not need identity papers to ask for help. Call the hotline 533 at any hour.',
    ].join('\n\n'),
    ar: [
      'نحن تحالف من منظمات المجتمع المدني العراقية نعمل ضد الاتجار بالبشر في جميع محافظات العراق.',
      'تستمع فرقنا إلى من تعرّضوا للخداع أو البيع أو أُجبروا على العمل أو الزواج، وتساعدهم على الوصول إلى الأمان والرعاية الطبية والمشورة القانونية وطريق العودة إلى حياة كريمة.',
      'ندرّب ضباط الشرطة والقضاة ومفتشي العمل والمعلمين والصحفيين على التعرّف على علامات الاتجار، ونعمل مع اللجنة المركزية لمكافحة الاتجار بالبشر حتى يحمي قانون مكافحة الاتجار بالبشر رقم 28 لسنة 2012 الضحايا على أرض الواقع.',
      'كل ما نقدّمه مجاني وسرّي. لا تحتاج إلى أوراق ثبوتية لطلب المساعدة. اتصل بالخط الساخن 533 في أي وقت.',
    ].join('\n\n'),
  },
  'Human Trafficing': {
    en: [
      'Human trafficking is the recruitment, transport, transfer, harbouring or receipt of people by force, threat, deception, abduction or the abuse of power or of someone\'s vulnerability, for the purpose of exploiting them.',
      'Exploitation includes forced labour, domestic servitude, sexual exploitation, forced or early marriage, forced begging, the sale of children and the removal of organs.',
      'Signs to look out for: someone who does not hold their own passport or identity card; who works very long hours for little or no pay; who is not free to leave their workplace or home; who owes a debt they can never repay; who seems afraid of an employer or of a "sponsor"; or a child who is out of school and working.',
      'A victim is never a criminal for what they were forced to do. Under Iraqi law victims have the right to protection, medical and psychological care, shelter, legal aid and, for foreigners, help to stay or to return home safely.',
      'If you or someone you know is in this situation, call 533. The call is free.',
    ].join('\n\n'),
    ar: [
      'الاتجار بالبشر هو تجنيد أشخاص أو نقلهم أو إيواؤهم أو استقبالهم بالقوة أو التهديد أو الخداع أو الاختطاف أو استغلال السلطة أو استغلال حالة ضعفهم، بقصد استغلالهم.',
      'ويشمل الاستغلال العمل القسري، والخدمة المنزلية القسرية، والاستغلال الجنسي، والزواج القسري أو المبكر، والتسوّل القسري، وبيع الأطفال، ونزع الأعضاء.',
      'علامات يجب الانتباه إليها: شخص لا يحتفظ بجواز سفره أو هويته؛ يعمل ساعات طويلة جداً بأجر زهيد أو بلا أجر؛ غير حرّ في مغادرة مكان عمله أو سكنه؛ مُثقل بدَين لا يستطيع سداده أبداً؛ يبدو خائفاً من صاحب العمل أو "الكفيل"؛ أو طفل منقطع عن المدرسة ويعمل.',
      'الضحية ليست مجرماً بسبب ما أُجبرت على فعله. وبموجب القانون العراقي للضحايا الحق في الحماية والرعاية الطبية والنفسية والإيواء والمساعدة القانونية، وللأجانب الحق في المساعدة على البقاء أو العودة إلى بلدانهم بأمان.',
      'إذا كنت أنت أو شخص تعرفه في هذا الوضع، اتصل بالرقم 533. المكالمة مجانية.',
    ].join('\n\n'),
  },
  Activity: {
    en: 'This year our teams ran awareness sessions in schools and camps in Baghdad, Basra, Erbil, Mosul and Anbar, trained frontline officers on identifying victims, and accompanied survivors to shelters, hospitals and courts.',
    ar: 'نظّمت فرقنا هذا العام جلسات توعية في المدارس والمخيمات في بغداد والبصرة وأربيل والموصل والأنبار، ودرّبت العاملين في الخطوط الأمامية على التعرّف على الضحايا، ورافقت الناجين إلى دور الإيواء والمستشفيات والمحاكم.',
  },
} as const;
