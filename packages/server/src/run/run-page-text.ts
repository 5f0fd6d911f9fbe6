/**
 * The run page's own words, in the languages of the web components (whose flow it shows inside):
 * the page around the flow, its finish, and why a link cannot be used. `{org}` is the
 * organization's display name.
 */
const en = {
  title: 'Identity verification',
  intro: '{org} asks you to verify your identity. It takes a few minutes; have your identity document at hand.',
  finishTitle: 'Thank you',
  finishText: 'Your verification was sent to {org}.',
  redirecting: 'Taking you back…',
  continue: 'Continue',
  closePage: 'You can close this page now.',
  unavailableTitle: 'This link cannot be used',
  expired: 'This link has expired. Ask {org} for a new one.',
  revoked: 'This link was withdrawn. Ask {org} for a new one if you still need to verify your identity.',
  used: 'This link was already used. Ask {org} for a new one if you need to verify your identity again.',
  unknown: 'This link is not valid. Check that you opened all of it, or ask for a new one.',
  joinTitle: 'Continue on this device',
  joinFinishText: 'Your verification was sent. You can go back to your other device.',
  joinExpired: 'This code has expired. Show a new one on your other device.',
  joinUsed: 'This code was already used. Show a new one on your other device if you need to.',
  joinCancelled: 'This hand-off was cancelled on the other device.',
};

export type RunPageText = typeof en;

export const runPageTexts: Record<string, RunPageText> = {
  en,
  de: {
    title: 'Identitätsprüfung',
    intro: '{org} bittet Sie, Ihre Identität zu bestätigen. Das dauert wenige Minuten; halten Sie Ihr Ausweisdokument bereit.',
    finishTitle: 'Vielen Dank',
    finishText: 'Ihre Prüfung wurde an {org} gesendet.',
    redirecting: 'Sie werden zurückgeleitet…',
    continue: 'Weiter',
    closePage: 'Sie können diese Seite jetzt schließen.',
    unavailableTitle: 'Dieser Link kann nicht verwendet werden',
    expired: 'Dieser Link ist abgelaufen. Bitten Sie {org} um einen neuen.',
    revoked: 'Dieser Link wurde zurückgezogen. Bitten Sie {org} um einen neuen, falls Sie Ihre Identität noch bestätigen müssen.',
    used: 'Dieser Link wurde bereits verwendet. Bitten Sie {org} um einen neuen, falls Sie Ihre Identität erneut bestätigen müssen.',
    unknown: 'Dieser Link ist ungültig. Prüfen Sie, ob Sie ihn vollständig geöffnet haben, oder bitten Sie um einen neuen.',
    joinTitle: 'Auf diesem Gerät fortfahren',
    joinFinishText: 'Ihre Prüfung wurde gesendet. Sie können zu Ihrem anderen Gerät zurückkehren.',
    joinExpired: 'Dieser Code ist abgelaufen. Lassen Sie sich auf dem anderen Gerät einen neuen anzeigen.',
    joinUsed: 'Dieser Code wurde bereits verwendet. Lassen Sie sich bei Bedarf auf dem anderen Gerät einen neuen anzeigen.',
    joinCancelled: 'Diese Übergabe wurde auf dem anderen Gerät abgebrochen.',
  },
  es: {
    title: 'Verificación de identidad',
    intro: '{org} le pide que verifique su identidad. Tarda unos minutos; tenga a mano su documento de identidad.',
    finishTitle: 'Gracias',
    finishText: 'Su verificación se ha enviado a {org}.',
    redirecting: 'Le estamos llevando de vuelta…',
    continue: 'Continuar',
    closePage: 'Ya puede cerrar esta página.',
    unavailableTitle: 'Este enlace no se puede usar',
    expired: 'Este enlace ha caducado. Pida uno nuevo a {org}.',
    revoked: 'Este enlace fue retirado. Pida uno nuevo a {org} si todavía necesita verificar su identidad.',
    used: 'Este enlace ya se usó. Pida uno nuevo a {org} si necesita verificar su identidad de nuevo.',
    unknown: 'Este enlace no es válido. Compruebe que lo abrió completo o pida uno nuevo.',
    joinTitle: 'Continuar en este dispositivo',
    joinFinishText: 'Su verificación se ha enviado. Puede volver a su otro dispositivo.',
    joinExpired: 'Este código ha caducado. Muestre uno nuevo en su otro dispositivo.',
    joinUsed: 'Este código ya se usó. Muestre uno nuevo en su otro dispositivo si lo necesita.',
    joinCancelled: 'Este traspaso se canceló en el otro dispositivo.',
  },
  fr: {
    title: "Vérification d'identité",
    intro: "{org} vous demande de vérifier votre identité. Cela prend quelques minutes ; gardez votre pièce d'identité à portée de main.",
    finishTitle: 'Merci',
    finishText: 'Votre vérification a été envoyée à {org}.',
    redirecting: 'Retour en cours…',
    continue: 'Continuer',
    closePage: 'Vous pouvez fermer cette page.',
    unavailableTitle: 'Ce lien ne peut pas être utilisé',
    expired: 'Ce lien a expiré. Demandez-en un nouveau à {org}.',
    revoked: 'Ce lien a été retiré. Demandez-en un nouveau à {org} si vous devez encore vérifier votre identité.',
    used: 'Ce lien a déjà été utilisé. Demandez-en un nouveau à {org} si vous devez vérifier votre identité à nouveau.',
    unknown: "Ce lien n'est pas valide. Vérifiez que vous l'avez ouvert en entier, ou demandez-en un nouveau.",
    joinTitle: 'Continuer sur cet appareil',
    joinFinishText: 'Votre vérification a été envoyée. Vous pouvez revenir à votre autre appareil.',
    joinExpired: 'Ce code a expiré. Affichez-en un nouveau sur votre autre appareil.',
    joinUsed: 'Ce code a déjà été utilisé. Affichez-en un nouveau sur votre autre appareil si besoin.',
    joinCancelled: 'Ce transfert a été annulé sur l’autre appareil.',
  },
  it: {
    title: "Verifica dell'identità",
    intro: "{org} ti chiede di verificare la tua identità. Servono pochi minuti; tieni a portata di mano il tuo documento d'identità.",
    finishTitle: 'Grazie',
    finishText: 'La tua verifica è stata inviata a {org}.',
    redirecting: 'Ti stiamo riportando indietro…',
    continue: 'Continua',
    closePage: 'Ora puoi chiudere questa pagina.',
    unavailableTitle: 'Questo link non può essere usato',
    expired: 'Questo link è scaduto. Chiedine uno nuovo a {org}.',
    revoked: 'Questo link è stato ritirato. Chiedine uno nuovo a {org} se devi ancora verificare la tua identità.',
    used: 'Questo link è già stato usato. Chiedine uno nuovo a {org} se devi verificare di nuovo la tua identità.',
    unknown: 'Questo link non è valido. Controlla di averlo aperto per intero, oppure chiedine uno nuovo.',
    joinTitle: 'Continua su questo dispositivo',
    joinFinishText: "La tua verifica è stata inviata. Puoi tornare all'altro dispositivo.",
    joinExpired: "Questo codice è scaduto. Mostrane uno nuovo sull'altro dispositivo.",
    joinUsed: "Questo codice è già stato usato. Mostrane uno nuovo sull'altro dispositivo se serve.",
    joinCancelled: "Questo passaggio è stato annullato sull'altro dispositivo.",
  },
  nl: {
    title: 'Identiteitscontrole',
    intro: '{org} vraagt u uw identiteit te bevestigen. Dat duurt enkele minuten; houd uw identiteitsbewijs bij de hand.',
    finishTitle: 'Dank u',
    finishText: 'Uw controle is naar {org} verzonden.',
    redirecting: 'U wordt teruggeleid…',
    continue: 'Verder',
    closePage: 'U kunt deze pagina nu sluiten.',
    unavailableTitle: 'Deze link kan niet worden gebruikt',
    expired: 'Deze link is verlopen. Vraag {org} om een nieuwe.',
    revoked: 'Deze link is ingetrokken. Vraag {org} om een nieuwe als u uw identiteit nog moet bevestigen.',
    used: 'Deze link is al gebruikt. Vraag {org} om een nieuwe als u uw identiteit opnieuw moet bevestigen.',
    unknown: 'Deze link is niet geldig. Controleer of u hem volledig hebt geopend, of vraag om een nieuwe.',
    joinTitle: 'Verder op dit apparaat',
    joinFinishText: 'Uw controle is verzonden. U kunt teruggaan naar uw andere apparaat.',
    joinExpired: 'Deze code is verlopen. Toon een nieuwe op uw andere apparaat.',
    joinUsed: 'Deze code is al gebruikt. Toon zo nodig een nieuwe op uw andere apparaat.',
    joinCancelled: 'Deze overdracht is op het andere apparaat geannuleerd.',
  },
  pl: {
    title: 'Weryfikacja tożsamości',
    intro: '{org} prosi o potwierdzenie Twojej tożsamości. To potrwa kilka minut; przygotuj dokument tożsamości.',
    finishTitle: 'Dziękujemy',
    finishText: 'Twoja weryfikacja została wysłana do {org}.',
    redirecting: 'Trwa powrót…',
    continue: 'Dalej',
    closePage: 'Możesz teraz zamknąć tę stronę.',
    unavailableTitle: 'Tego linku nie można użyć',
    expired: 'Ten link wygasł. Poproś {org} o nowy.',
    revoked: 'Ten link został wycofany. Poproś {org} o nowy, jeśli nadal musisz potwierdzić tożsamość.',
    used: 'Ten link został już użyty. Poproś {org} o nowy, jeśli musisz ponownie potwierdzić tożsamość.',
    unknown: 'Ten link jest nieprawidłowy. Sprawdź, czy otworzyłeś go w całości, lub poproś o nowy.',
    joinTitle: 'Kontynuuj na tym urządzeniu',
    joinFinishText: 'Twoja weryfikacja została wysłana. Możesz wrócić do drugiego urządzenia.',
    joinExpired: 'Ten kod wygasł. Wyświetl nowy na drugim urządzeniu.',
    joinUsed: 'Ten kod został już użyty. W razie potrzeby wyświetl nowy na drugim urządzeniu.',
    joinCancelled: 'To przekazanie zostało anulowane na drugim urządzeniu.',
  },
  pt: {
    title: 'Verificação de identidade',
    intro: '{org} pede-lhe que verifique a sua identidade. Demora alguns minutos; tenha o seu documento de identificação à mão.',
    finishTitle: 'Obrigado',
    finishText: 'A sua verificação foi enviada para {org}.',
    redirecting: 'A levá-lo de volta…',
    continue: 'Continuar',
    closePage: 'Já pode fechar esta página.',
    unavailableTitle: 'Esta ligação não pode ser usada',
    expired: 'Esta ligação expirou. Peça uma nova a {org}.',
    revoked: 'Esta ligação foi retirada. Peça uma nova a {org} se ainda precisar de verificar a sua identidade.',
    used: 'Esta ligação já foi usada. Peça uma nova a {org} se precisar de verificar a sua identidade novamente.',
    unknown: 'Esta ligação não é válida. Confirme que a abriu completa ou peça uma nova.',
    joinTitle: 'Continuar neste dispositivo',
    joinFinishText: 'A sua verificação foi enviada. Pode voltar ao seu outro dispositivo.',
    joinExpired: 'Este código expirou. Mostre um novo no seu outro dispositivo.',
    joinUsed: 'Este código já foi usado. Mostre um novo no seu outro dispositivo, se precisar.',
    joinCancelled: 'Esta transferência foi cancelada no outro dispositivo.',
  },
};

/**
 * The page's language: `?lang=` when it names one of ours, else the first of the browser's
 * Accept-Language (by weight) that we have, else English.
 */
export function runPageLanguage(query: string | undefined, acceptLanguage: string | undefined): string {
  if (query && Object.hasOwn(runPageTexts, query)) return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && Object.hasOwn(runPageTexts, entry.lang))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.lang ?? 'en';
}
