"""Random line texts of the kinds idlens reads with its general line reader: holder names in capitals
and mixed case with the accented letters of EU languages (and Nordic, Baltic, Turkish Latin), field
labels of identity documents and driving licences, dates in many formats, document and licence
numbers, addresses, payment-card lines (numbers, expiry, cardholder), words of several languages,
punctuation, and random runs so that every symbol is seen in every position.

    /usr/bin/python3 models/training/latin_text.py            # a few samples
    /usr/bin/python3 models/training/latin_text.py --charset  # the charset, one string
"""
import random
import sys
import unicodedata

DIGITS = "0123456789"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
PUNCT = ".,:;-/'\"()&#+*<>!?%@_"
# Accented Latin capitals of the EU languages, Nordic (Icelandic Þ; its Ð is drawn like Croatian
# Đ and left out), Baltic and Turkish; and their small letters (ı, the dotless i, is İ's partner; ß and
# ð have no capital here).
ACCENTED_UPPER = "ÀÁÂÃÄÅĀĂĄÆÇĆČĎĐÈÉÊËĒĖĘĚĞĢÌÍÎÏĪĮİĶĹĻĽŁÑŃŅŇÒÓÔÕÖØŌŐŒŔŘŚŞŠȘŢŤȚÙÚÛÜŪŮŰŲÝŸŹŻŽÞ"
ACCENTED_LOWER = "àáâãäåāăąæçćčďđèéêëēėęěğģìíîïīįıķĺļľłñńņňòóôõöøōőœŕřśşšșţťțùúûüūůűųýÿźżžþßð"
# The recognizer's symbols, in class order (class 0 is the CTC blank, class k is CHARSET[k-1]).
CHARSET = DIGITS + UPPER + LOWER + " " + PUNCT + ACCENTED_UPPER + ACCENTED_LOWER
CHARSET_SET = set(CHARSET)

MONTHS = {
    "en": ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
    "fr": ["JANV", "FÉVR", "MARS", "AVR", "MAI", "JUIN", "JUIL", "AOÛT", "SEPT", "OCT", "NOV", "DÉC"],
    "de": ["JAN", "FEB", "MÄR", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"],
    "es": ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"],
    "it": ["GEN", "FEB", "MAR", "APR", "MAG", "GIU", "LUG", "AGO", "SET", "OTT", "NOV", "DIC"],
    "pt": ["JAN", "FEV", "MAR", "ABR", "MAI", "JUN", "JUL", "AGO", "SET", "OUT", "NOV", "DEZ"],
    "nl": ["JAN", "FEB", "MRT", "APR", "MEI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEC"],
}
MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
               "Januar", "Februar", "März", "Juli", "Oktober", "Dezember", "janvier", "février", "avril", "juillet", "août", "décembre",
               "enero", "febrero", "marzo", "junio", "julio", "agosto", "septiembre", "diciembre", "styczeń", "luty", "październik",
               "leden", "únor", "březen", "září", "január", "február", "április", "szeptember", "ianuarie", "februarie", "mai",
               "siječanj", "veljača", "sausis", "vasaris", "janvāris", "februāris", "tammikuu", "helmikuu", "januari", "februari",
               "Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"]

SURNAMES = [
    # German, Austrian, Swiss
    "Müller", "Schmidt", "Schneider", "Fischer", "Weiß", "Schäfer", "Größ", "Köhler", "Jäger", "Böhm", "Krüger", "Hoffmann", "Schröder",
    "Weißmüller", "Mustermann", "Bäcker", "Süß", "Strauß", "Gößl", "Öztürk",
    # French, Belgian
    "Dubois", "Lefèvre", "Lefebvre", "Girard", "Benoît", "Mercier", "Hélène", "Lemaître", "Bérénice", "Faÿ", "Leroÿ", "Cœur", "Champs-Élysées",
    "D'Angelo", "Desjardins", "Fournier", "Lacroix", "Rousseau", "Noël", "Gaël", "Théo", "Ménard",
    # Spanish, Portuguese
    "García", "López", "Martínez", "Rodríguez", "Fernández", "Sánchez", "Pérez", "Gómez", "Muñoz", "Ibáñez", "Peña", "Núñez", "Castaño",
    "Gonçalves", "Magalhães", "Araújo", "Conceição", "Simões", "Guimarães", "Brandão", "Leitão", "Falcão", "João", "Luís",
    # Italian
    "Rossi", "Bianchi", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Niccolò", "Fabrizio",
    # Dutch, Scandinavian, Icelandic, Finnish
    "Janssen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit", "Jønsson", "Sørensen", "Østergaard", "Ærø", "Bjørn", "Lindqvist",
    "Åberg", "Ångström", "Söderberg", "Håkansson", "Eriksson", "Þórsdóttir", "Guðmundsson", "Jónsdóttir", "Sigurðardóttir", "Kärkkäinen",
    "Mäkinen", "Hämäläinen", "Virtanen", "Nieminen", "Järvinen",
    # Polish, Czech, Slovak
    "Nowak", "Kowalski", "Kowalska", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski",
    "Kozłowski", "Jankowski", "Mazur", "Krawczyk", "Grzegorz", "Łukasz", "Żółkiewski", "Ślązak", "Bącała",
    "Novák", "Svoboda", "Novotný", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Růžička", "Šťastný", "Křížek",
    "Ďuriš", "Ľubomír", "Kováč", "Hríbik", "Baláž", "Šimko", "Lukáč", "Ťapák", "Ĺudovít", "Mĺkvy", "Ŕaško",
    # Hungarian, Romanian
    "Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár", "Németh", "Farkas", "Balogh", "Pásztor", "Gyűrű", "Őrsi",
    "Szőke", "Bőhm", "Fűzfa", "Popescu", "Ionescu", "Popa", "Pop", "Radu", "Dumitrescu", "Stoica", "Stănescu", "Mureșan", "Țurcanu",
    "Șerban", "Răducanu", "Ţepeş", "Brâncuși", "Dîrțu",
    # Croatian, Slovenian, Serbian Latin
    "Horvat", "Kovačević", "Babić", "Marić", "Jurić", "Novak", "Knežević", "Vuković", "Marković", "Đurić", "Đoković", "Petrović", "Žagar",
    "Krajnc", "Zupančič", "Potočnik", "Kovačič", "Mlakar", "Vidmar", "Golob",
    # Baltic
    "Kazlauskas", "Jankauskas", "Petrauskas", "Žukauskas", "Šimkus", "Ąžuolas", "Bėrzinė", "Vaitkevičius", "Įvairus", "Ūsas", "Ųšinskas",
    "Bērziņš", "Kalniņš", "Ozoliņš", "Liepiņa", "Krūmiņš", "Ķēniņš", "Ļaviņa", "Ņikitins", "Ģirts", "Tamm", "Saar", "Sepp", "Mägi", "Kõiv",
    "Õunapuu", "Pärn", "Kütt",
    # Turkish
    "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Yıldırım", "Öztürk", "Aydın", "Özdemir", "Arslan", "Doğan", "Kılıç", "Aslan",
    "Çetin", "Kara", "Koç", "Kurt", "Özkan", "Şimşek", "Ağca", "İnce", "Işık", "Güneş",
    # English, Irish and others
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor", "O'Brien", "O'Connor", "McDonald",
    "MacLeod", "Sample", "Specimen", "Ó Súilleabháin", "Nguyen", "Tran", "Lê", "Wang", "Li", "Zhang", "Kim", "Park", "Abdullah", "Al-Hassan",
    "Ben Ali", "Da Silva", "Dos Santos", "De la Cruz", "Van der Berg", "Ter Horst", "Fitzgerald", "Yoder", "Cruz",
]
GIVEN_NAMES = [
    "Anna", "Maria", "Jörg", "Jürgen", "Björn", "Søren", "Åsa", "Ægir", "Øystein", "Lucía", "José", "Ángel", "Íñigo", "Begoña", "Chloé",
    "Zoé", "Héloïse", "Anaïs", "Maëlle", "Joël", "Françoise", "François", "Jérôme", "Cécile", "Anaëlle", "Ève", "Stéphane", "Frédéric",
    "Luca", "Niccolò", "Nicolò", "Giosuè", "Piotr", "Paweł", "Michał", "Wojciech", "Łucja", "Małgorzata", "Agnieszka", "Bożena", "Krzysztof",
    "Jiří", "Tomáš", "Lukáš", "Zdeněk", "Růžena", "Věra", "Dušan", "Ľubica", "Ĺudmila", "Ľudovít", "Ján", "Zoltán", "Gyöngyi", "Győző",
    "Ödön", "Lőrinc", "Ünőke", "Ştefan", "Ștefan", "Mădălina", "Ioana", "Andrei", "Țicu", "Tudor", "Ivan", "Đorđe", "Nikola", "Željko",
    "Darija", "Mojca", "Žiga", "Matej", "Jonas", "Aušra", "Rūta", "Vytautas", "Žydrūnas", "Gintarė", "Jānis", "Līga", "Dāvis", "Kārlis",
    "Ģirts", "Mārtiņš", "Ņina", "Eero", "Päivi", "Jüri", "Tõnu", "Mäira", "Sigríður", "Þór", "Guðrún", "Jón", "Ólafur", "Ýr", "Mehmet",
    "Ayşe", "Fatma", "Şükrü", "Gülşen", "İbrahim", "İsmail", "Çağla", "Ömer", "Ilgın", "Barış", "Jane", "John", "Peter", "Mary", "James",
    "Robert", "Michael", "Elizabeth", "Daniel", "Andrea", "Sean", "Siobhán", "Seán", "Maeve", "Jan", "Marta", "Eva", "Elif", "Lars", "Ingrid",
    "Ana", "João", "Conceição", "Inês", "Gonçalo", "Tânia", "Renée", "Noémie", "Rosé", "Dörte", "Maike", "Lüder", "Frauke", "Ülle",
]
PARTICLES = ["van", "von", "de", "del", "della", "da", "dos", "du", "van der", "von der", "de la", "le", "la", "di", "ter", "zu", "af"]
CITIES = [
    "Berlin", "München", "Köln", "Düsseldorf", "Nürnberg", "Würzburg", "Lübeck", "Göttingen", "Zürich", "Genève", "Wien", "Graz",
    "Paris", "Lyon", "Orléans", "Besançon", "Nîmes", "Sète", "Saint-Étienne", "Montréal", "Québec", "Bruxelles", "Liège", "Madrid",
    "Sevilla", "Málaga", "Córdoba", "León", "A Coruña", "Cádiz", "Logroño", "Lisboa", "Porto", "Évora", "Setúbal", "Guimarães",
    "Torino", "Milano", "Roma", "Napoli", "Forlì", "Cantù", "Utrecht", "Den Haag", "Rotterdam", "Kraków", "Łódź", "Wrocław",
    "Gdańsk", "Poznań", "Zielona Góra", "Brno", "Plzeň", "Ústí nad Labem", "České Budějovice", "Košice", "Žilina", "Bratislava",
    "Budapest", "Győr", "Pécs", "Debrecen", "Székesfehérvár", "București", "Iași", "Cluj-Napoca", "Timișoara", "Brașov", "Constanţa",
    "Zagreb", "Split", "Osijek", "Čakovec", "Ljubljana", "Maribor", "Kranj", "Vilnius", "Kaunas", "Šiauliai", "Klaipėda", "Panevėžys",
    "Rīga", "Jūrmala", "Liepāja", "Tallinn", "Tartu", "Pärnu", "Helsinki", "Tampere", "Jyväskylä", "Hämeenlinna", "København", "Århus",
    "Odense", "Stockholm", "Göteborg", "Malmö", "Västerås", "Oslo", "Tromsø", "Bærum", "Reykjavík", "Akureyri", "İstanbul", "İzmir",
    "Ankara", "Eskişehir", "Muğla", "Richmond", "Springfield", "Anytown", "Sacramento", "Austin", "Albany", "Harrisburg", "Toronto",
]
STREETS = ["Main Street", "Oak Ave", "Elm St", "Maple Drive", "Hauptstraße", "Bahnhofstr.", "Schloßallee", "Gartenweg", "rue de la Paix",
           "avenue des Champs-Élysées", "boulevard Saint-Michel", "Calle Mayor", "Avenida de la Constitución", "Rua Augusta",
           "Via Roma", "Piazza del Duomo", "Kerkstraat", "ul. Marszałkowska", "ul. Żeromskiego", "Václavské náměstí", "Hlavná",
           "Andrássy út", "Strada Lipscani", "Ilica", "Slovenska cesta", "Gedimino pr.", "Brīvības iela", "Pärnu mnt", "Mannerheimintie",
           "Strøget", "Drottninggatan", "Karl Johans gate", "Laugavegur", "İstiklal Caddesi", "Atatürk Bulvarı", "Sokak"]
US_STATES = ["VA", "CA", "NY", "TX", "FL", "PA", "OH", "MI", "WA", "NC", "GA", "IL", "MA", "NJ", "AZ", "ON", "QC", "BC"]

# Words of several languages (document wording, common words), with their accents.
WORDS = """
Republik Bundesrepublik Deutschland Personalausweis Reisepass Führerschein Aufenthaltstitel gültig Behörde Größe Augenfarbe Straße
Geburtsort Staatsangehörigkeit ausgestellt Unterschrift Gültigkeit Ärztin Österreich Schweiz Übersicht
République Française carte nationale d'identité passeport permis conduire titre séjour délivrée préfecture nationalité taille
né née le à sexe signature titulaire valable jusqu'au autorité émission État étrangère
Reino España documento nacional identidad pasaporte permiso conducción expedición válido hasta nacionalidad domicilio
República Portuguesa cartão cidadão assinatura validade emissão nascimento filiação
Repubblica Italiana carta identità patente guida rilasciata comune cittadinanza scadenza
Koninkrijk Nederlanden identiteitskaart rijbewijs geboortedatum nationaliteit geldig
Rzeczpospolita Polska dowód osobisty prawo jazdy obywatelstwo urodzenia ważności wydania organ wydający
Česká republika občanský průkaz řidičský platnost narození státní občanství vydal Slovenská občiansky preukaz
Magyarország személyazonosító igazolvány vezetői engedély állampolgárság születési érvényesség kiállító hatóság
România carte identitate permis conducere cetățenie naștere valabilitate emitent
Hrvatska osobna iskaznica vozačka dozvola državljanstvo rođenja Slovenija osebna izkaznica vozniško dovoljenje državljanstvo
Lietuvos Respublika asmens tapatybės kortelė pilietybė gimimo Latvijas personas apliecība vadītāja pilsonība dzimšanas
Eesti isikutunnistus juhiluba kodakondsus sünniaeg kehtiv Suomi henkilökortti ajokortti kansalaisuus syntymäaika voimassa
Sverige identitetskort körkort medborgarskap födelsedatum giltig Danmark kørekort fødselsdato gyldig Norge førerkort fødested
Ísland ökuskírteini vegabréf Türkiye Cumhuriyeti kimlik kartı sürücü belgesi uyruğu doğum tarihi geçerlilik soyadı adı
DEBIT CREDIT PLATINUM GOLD CLASSIC BUSINESS WORLD ELITE SIGNATURE INFINITE ELECTRON PREPAID CONTACTLESS BANK CARD MEMBER SINCE
Customer service call the number on your statement authorized not valid unless signed property of issuer
""".split()

CARD_EXPIRY_LABELS = ["VALID THRU", "VALID THRU", "GOOD THRU", "EXPIRES END", "EXP", "EXPIRES", "VALID FROM", "MONTH/YEAR", "MM/YY",
                      "GÜLTIG BIS", "FIN VALIDITÉ", "EXPIRE FIN", "VÁLIDA HASTA", "VENCE", "VALIDO FINO", "SCAD.", "GELDIG T/M",
                      "WAŻNA DO", "PLATNOST DO", "LEJÁRAT", "VALABIL", "VRIJEDI DO", "VOIMASSA", "GILTIG T.O.M.", "SON KULLANMA"]
BANKS = ["SAMPLE BANK", "Example Bank", "Banque Exemple", "Musterbank", "Banco Ejemplo", "Banca Esempio", "Bank Przykład",
         "Česká spořitelna", "OTP Bank", "Swedbank", "Nordéa", "Crédit Agricole", "Société Générale", "Sparkasse Köln",
         "Caixa Geral", "Raiffeisen", "İş Bankası", "Garanti BBVA", "mastercard", "VISA", "Maestro", "American Express", "DISCOVER"]

# Accents that printers put back on the folded label dictionary (field-labels.ts keeps labels folded).
LABEL_ACCENTS = {
    "NE LE": "NÉ LE", "NEE LE": "NÉE LE", "DATE DE DELIVRANCE": "DATE DE DÉLIVRANCE", "DELIVRE LE": "DÉLIVRÉ LE",
    "DELIVREE LE": "DÉLIVRÉE LE", "PRENOMS": "PRÉNOMS", "PRENOM": "PRÉNOM", "NATIONALITE": "NATIONALITÉ", "AUTORITE": "AUTORITÉ",
    "STAATSANGEHORIGKEIT": "STAATSANGEHÖRIGKEIT", "GULTIG BIS": "GÜLTIG BIS", "BEHORDE": "BEHÖRDE", "GROSSE": "GRÖSSE",
    "FECHA DE EXPEDICION": "FECHA DE EXPEDICIÓN", "FECHA DE EMISION": "FECHA DE EMISIÓN", "DIRECCION": "DIRECCIÓN",
    "VALIDO HASTA": "VÁLIDO HASTA", "NAZIONALITA": "NAZIONALITÀ", "DATA DE EMISSAO": "DATA DE EMISSÃO", "VALIDO ATE": "VÁLIDO ATÉ",
    "ENDERECO": "ENDEREÇO", "NAZWISKO": "NAZWISKO", "IMIE": "IMIĘ", "IMIONA": "IMIONA", "TERMIN WAZNOSCI": "TERMIN WAŻNOŚCI",
    "DATA WAZNOSCI": "DATA WAŻNOŚCI", "WAZNY DO": "WAŻNY DO", "ORGAN WYDAJACY": "ORGAN WYDAJĄCY", "NARODOWOSC": "NARODOWOŚĆ",
    "PRIJMENI": "PŘÍJMENÍ", "JMENO": "JMÉNO", "DATUM NAROZENI": "DATUM NAROZENÍ", "MISTO NAROZENI": "MÍSTO NAROZENÍ",
    "DATUM VYDANI": "DATUM VYDÁNÍ", "STATNI OBCANSTVI": "STÁTNÍ OBČANSTVÍ", "POHLAVI": "POHLAVÍ", "CISLO DOKLADU": "ČÍSLO DOKLADU",
    "PRIEZVISKO": "PRIEZVISKO", "DATUM NARODENIA": "DÁTUM NARODENIA", "STATNE OBCIANSTVO": "ŠTÁTNE OBČIANSTVO",
    "VEZETEKNEV": "VEZETÉKNÉV", "UTONEV": "UTÓNÉV", "SZULETESI IDO": "SZÜLETÉSI IDŐ", "SZULETESI HELY": "SZÜLETÉSI HELY",
    "ALLAMPOLGARSAG": "ÁLLAMPOLGÁRSÁG", "ERVENYES": "ÉRVÉNYES", "KIALLITO HATOSAG": "KIÁLLÍTÓ HATÓSÁG", "NEM": "NEM",
    "DATA NASTERII": "DATA NAȘTERII", "LOCUL NASTERII": "LOCUL NAȘTERII", "CETATENIE": "CETĂȚENIE", "VALABIL PANA LA": "VALABIL PÂNĂ LA",
    "DATUM RODENJA": "DATUM ROĐENJA", "MJESTO RODENJA": "MJESTO ROĐENJA", "DRZAVLJANSTVO": "DRŽAVLJANSTVO", "PREBIVALISTE": "PREBIVALIŠTE",
    "PAVARDE": "PAVARDĖ", "VARDAS": "VARDAS", "PILIETYBE": "PILIETYBĖ", "GIMIMO DATA": "GIMIMO DATA", "UZVARDS": "UZVĀRDS",
    "VARDS": "VĀRDS", "DZIMSANAS DATUMS": "DZIMŠANAS DATUMS", "PILSONIBA": "PILSONĪBA", "DERIGUMA TERMINS": "DERĪGUMA TERMIŅŠ",
    "SUNNIAEG": "SÜNNIAEG", "KEHTIV KUNI": "KEHTIV KUNI", "VALJAANDJA": "VÄLJAANDJA", "MYONTAMISPAIVA": "MYÖNTÄMISPÄIVÄ",
    "FODELSEDATUM": "FÖDELSEDATUM", "FODSELSDATO": "FØDSELSDATO", "UTFARDANDEDATUM": "UTFÄRDANDEDATUM", "KON": "KÖN", "KJONN": "KJØNN",
    "KOEN": "KØN", "UDLOBSDATO": "UDLØBSDATO", "SLOINNE": "SLOINNE", "CEAD AINM": "CÉAD AINM", "NAISIUNTACHT": "NÁISIÚNTACHT",
    "NASCIMENTO": "NASCIMENTO", "DATE D EXPIRATION": "DATE D'EXPIRATION", "NOM D USAGE": "NOM D'USAGE",
    "VALABLE JUSQU AU": "VALABLE JUSQU'AU", "HOLDER S SIGNATURE": "HOLDER'S SIGNATURE", "CARTE D IDENTITE": "CARTE D'IDENTITÉ",
    "FUHRERSCHEIN": "FÜHRERSCHEIN", "PERMISO DE CONDUCCION": "PERMISO DE CONDUCCIÓN", "CARTAO DE CIDADAO": "CARTÃO DE CIDADÃO",
    "DOWOD OSOBISTY": "DOWÓD OSOBISTY", "OBCANSKY PRUKAZ": "OBČANSKÝ PRŮKAZ", "RIDICSKY PRUKAZ": "ŘIDIČSKÝ PRŮKAZ",
    "SZEMELYAZONOSITO IGAZOLVANY": "SZEMÉLYAZONOSÍTÓ IGAZOLVÁNY", "KORKORT": "KÖRKORT", "FORERKORT": "FØRERKORT",
    "VEZETOI ENGEDELY": "VEZETŐI ENGEDÉLY", "ALAIRAS": "ALÁÍRÁS", "SEMNATURA": "SEMNĂTURA", "PARASAS": "PARAŠAS", "TITRE DE SEJOUR": "TITRE DE SÉJOUR", "CARTA D IDENTITA": "CARTA D'IDENTITÀ",
}

# The label dictionary of packages/sdk/src/engine/document/visual/field-labels.ts (read, not imported:
# the folded labels, the document titles and the licence field numbers), as data.
FIELD_LABELS = """
SURNAME|FAMILY NAME|LAST NAME|LN|NOM|NOM DE FAMILLE|NAME|FAMILIENNAME|APELLIDOS|APELLIDO|PRIMER APELLIDO|COGNOME|ACHTERNAAM|NAAM|APELIDO|
APELIDOS|NAZWISKO|EFTERNAMN|ETTERNAVN|EFTERNAVN|SUKUNIMI|PRIJMENI|PRIEZVISKO|VEZETEKNEV|CSALADI NEV|NUME|PRIIMEK|PREZIME|PAVARDE|UZVARDS|
PEREKONNANIMI|SLOINNE|CUGNOME|GIVEN NAMES|GIVEN NAME|FIRST NAME|FIRST NAMES|FORENAMES|FORENAME|FN|PRENOMS|PRENOM|VORNAMEN|VORNAME|NOMBRE|
NOMBRES|NOME|NOMI|NOMES|VOORNAMEN|VOORNAAM|IMIONA|IMIE|FORNAMN|FORNAVN|ETUNIMET|ETUNIMI|JMENO|MENO|UTONEV|UTONEVEK|PRENUME|IME|VARDAS|
VARDS|EESNIMI|EESNIMED|CEAD AINM|FULL NAME|NAME AND SURNAME|NOM ET PRENOMS|NOMBRE Y APELLIDOS|NOME E COGNOME|IMIE I NAZWISKO|NAME AT BIRTH|
BIRTH NAME|NOM DE NAISSANCE|NOM D USAGE|GEBURTSNAME|GEB|APELLIDO DE NACIMIENTO|COGNOME ALLA NASCITA|GEBOORTENAAM|NAZWISKO RODOWE|
RODNE PRIJMENI|SZULETESI NEV|NUME LA NASTERE|DATE OF BIRTH|BIRTH DATE|BIRTHDATE|DOB|DATE DE NAISSANCE|NE LE|NEE LE|GEBURTSDATUM|GEBURTSTAG|
FECHA DE NACIMIENTO|FECHA NACIMIENTO|DATA DI NASCITA|GEBOORTEDATUM|DATA DE NASCIMENTO|DATA URODZENIA|FODELSEDATUM|FODSELSDATO|SYNTYMAAIKA|
DATUM NAROZENI|DATUM NARODENIA|SZULETESI IDO|SZULETESI DATUM|DATA NASTERII|DATUM ROJSTVA|DATUM RODENJA|GIMIMO DATA|DZIMSANAS DATUMS|
SUNNIAEG|PLACE OF BIRTH|BIRTH PLACE|BIRTHPLACE|LIEU DE NAISSANCE|GEBURTSORT|LUGAR DE NACIMIENTO|LUOGO DI NASCITA|GEBOORTEPLAATS|
LOCAL DE NASCIMENTO|NATURALIDADE|MIEJSCE URODZENIA|FODELSEORT|FODESTED|SYNTYMAPAIKKA|MISTO NAROZENI|MIESTO NARODENIA|SZULETESI HELY|
LOCUL NASTERII|LOCUL NASTERE|KRAJ ROJSTVA|MJESTO RODENJA|GIMIMO VIETA|DZIMSANAS VIETA|SUNNIKOHT|DATE AND PLACE OF BIRTH|
DATE ET LIEU DE NAISSANCE|FECHA Y LUGAR DE NACIMIENTO|DATA E LUOGO DI NASCITA|GEBURTSDATUM UND ORT|GEBURTSDATUM UND GEBURTSORT|
GEBOORTEDATUM EN PLAATS|DATA E LOCAL DE NASCIMENTO|DATA I MIEJSCE URODZENIA|DATUM A MISTO NAROZENI|SZULETESI HELY ES IDO|DATE OF ISSUE|
ISSUE DATE|ISSUED|ISSUED ON|ISS|DATE DE DELIVRANCE|DELIVRE LE|DELIVREE LE|AUSSTELLUNGSDATUM|AUSGESTELLT AM|FECHA DE EXPEDICION|
FECHA DE EMISION|EXPEDICION|DATA DI RILASCIO|DATA DI EMISSIONE|DATUM VAN AFGIFTE|AFGIFTEDATUM|DATA DE EMISSAO|DATA WYDANIA|UTFARDANDEDATUM|
UDSTEDELSESDATO|UTSTEDT|MYONTAMISPAIVA|DATUM VYDANI|DATUM VYDANIA|KIADAS DATUMA|KIALLITAS DATUMA|DATA ELIBERARII|DATUM IZDAJE|ISDAVIMO DATA|
IZDOSANAS DATUMS|VALJAANDMISE KUUPAEV|DATE OF EXPIRY|EXPIRY DATE|EXPIRY|EXPIRES|EXPIRATION DATE|EXPIRATION|EXP|VALID UNTIL|VALID THRU|
DATE D EXPIRATION|DATE DEXPIRATION|EXPIRE LE|VALABLE JUSQU AU|VALABLE JUSQUAU|GULTIG BIS|FECHA DE CADUCIDAD|CADUCIDAD|VALIDO HASTA|
DATA DI SCADENZA|SCADENZA|GELDIG TOT|VERVALDATUM|VALIDO ATE|DATA DE VALIDADE|VALIDADE|TERMIN WAZNOSCI|DATA WAZNOSCI|WAZNY DO|
SISTA GILTIGHETSDAG|GILTIG TILL|GYLDIG TIL|UDLOBSDATO|VIIMEINEN VOIMASSAOLOPAIVA|VOIMASSA|PLATNOST DO|PLATNOST|ERVENYES|ERVENYESSEG|
VALABIL PANA LA|DATA EXPIRARII|VELJA DO|VRIJEDI DO|GALIOJA IKI|DERIGUMA TERMINS|KEHTIV KUNI|DOCUMENT NO|DOCUMENT NUMBER|DOC NO|CARD NO|
CARD NUMBER|ID NO|ID NUMBER|PASSPORT NO|PASSPORT NUMBER|LICENCE NO|LICENCE NUMBER|LICENSE NO|LICENSE NUMBER|LIC NO|DL NO|DLN|DL|
NO DU DOCUMENT|NUMERO DU DOCUMENT|NO DU PASSEPORT|NO DE LA CARTE|AUSWEISNUMMER|PASSNUMMER|DOKUMENTENNUMMER|KARTENNUMMER|NUMERO DE DOCUMENTO|
NUM DOCUMENTO|NO DOCUMENTO|NUMERO DOCUMENTO|NUMERO DEL DOCUMENTO|DOCUMENTNUMMER|PASPOORTNUMMER|NO DO DOCUMENTO|NUMER DOKUMENTU|SERIA I NUMER|
DOKUMENTNUMMER|ASIAKIRJAN NUMERO|CISLO DOKLADU|CISLO|OKMANYAZONOSITO|NR DOCUMENT|NUMAR DOCUMENT|STEVILKA DOKUMENTA|BROJ ISPRAVE|
DOKUMENTO NR|DOKUMENTA NR|DOKUMENDI NUMBER|DD|DOCUMENT DISCRIMINATOR|AUDIT|CAN|PERSONAL NO|PERSONAL NUMBER|PERSONAL ID|PERSONAL CODE|
PERSONAL ID NO|NATIONAL ID|PERSONNUMMER|HENKILOTUNNUS|RODNE CISLO|PESEL|CNP|EMSO|OIB|ASMENS KODAS|PERSONAS KODS|ISIKUKOOD|BSN|
CODICE FISCALE|NIF|NUMERO PERSONNEL|NUMERO PERSONAL|SEX|GENDER|SEXE|GESCHLECHT|SEXO|SESSO|GESLACHT|PLEC|KON|KJONN|KOEN|SUKUPUOLI|POHLAVI|
NEM|SEXUL|SPOL|LYTIS|DZIMUMS|SUGU|GNEAS|NATIONALITY|NATIONALITE|STAATSANGEHORIGKEIT|NACIONALIDAD|NAZIONALITA|CITTADINANZA|NATIONALITEIT|
NACIONALIDADE|OBYWATELSTWO|NARODOWOSC|MEDBORGARSKAP|NASJONALITET|STATSBORGERSKAB|KANSALAISUUS|STATNI OBCANSTVI|STATNE OBCIANSTVO|
ALLAMPOLGARSAG|CETATENIE|DRZAVLJANSTVO|PILIETYBE|PILSONIBA|KODAKONDSUS|NAISIUNTACHT|ADDRESS|ADDR|RESIDENCE|ADRESSE|ANSCHRIFT|WOHNORT|
DOMICILE|DOMICILIO|DIRECCION|INDIRIZZO|RESIDENZA|ADRES|WOONPLAATS|MORADA|ENDERECO|ADRES ZAMIESZKANIA|ADRESS|OSOITE|BYDLISTE|ADRESA|LAKCIM|
LAKOHELY|DOMICILIU|NASLOV|PREBIVALISTE|GYVENAMOJI VIETA|DZIVESVIETA|ELUKOHT|AUTHORITY|ISSUING AUTHORITY|ISSUED BY|AUTORITE|DELIVRE PAR|
DELIVREE PAR|BEHORDE|AUSSTELLENDE BEHORDE|AUTORIDAD|AUTORIDAD DE EXPEDICION|EQUIPO|AUTORITA|RILASCIATO DA|AUTORITEIT|AFGEGEVEN DOOR|
AUTORIDADE|ORGAN WYDAJACY|ORGAN WYDAJACY DOKUMENT|MYNDIGHET|UTFARDANDE MYNDIGHET|MYNDIGHED|MYONTAJA|VYDAL|URAD|KIALLITO HATOSAG|
KIADO HATOSAG|EMITENT|AUTORITATEA|IZDAL|IZDAO|ISDAVE|IZDEVEJS|VALJAANDJA|CLASS|CATEGORIES|CATEGORY|CAT|KLASSE|KLASSEN|CATEGORIE|CLASE|
CATEGORIA|KATEGORIE|KATEGORIA|REST|RESTR|RESTRICTIONS|RESTRICTION|RSTR|END|ENDORSEMENTS|ENDORSE|ENDS|SIGNATURE|HOLDER S SIGNATURE|
ASSINATURA|UNTERSCHRIFT|FIRMA|HANDTEKENING|PODPIS|NAMNTECKNING|ALLEKIRJOITUS|HEIGHT|TAILLE|GROSSE|ALTURA|STATURA|LENGTE|WZROST|EYES|
EYE COLOUR|COLOUR OF EYES|COLOR OF EYES|COULEUR DES YEUX|AUGENFARBE|HAIR|WEIGHT|TYPE|CODE|COUNTRY CODE|CODE DU PAYS|CODE PAYS|
CODE OF ISSUING STATE|OBSERVATIONS|REMARKS|BEMERKUNGEN|DONOR|VETERAN|DATUM|SIGNATURE OF HOLDER|SIGNATURE DU TITULAIRE|
ASSINATURA DO TITULAR|UNTERSCHRIFT DES INHABERS|FIRMA DEL TITULAR|FIRMA DEL TITOLARE|HANDTEKENING VAN DE HOUDER|PODPIS POSIADACZA|
UNDERSKRIFT|ALAIRAS|SEMNATURA|POTPIS|PARASTS|PARASAS|ALLKIRI
""".replace("\n", "").split("|")
DOCUMENT_TITLES = """
DRIVER LICENSE|DRIVERS LICENSE|DRIVER LICENCE|DRIVERS LICENCE|DRIVING LICENCE|DRIVING LICENSE|PERMIS DE CONDUIRE|FUHRERSCHEIN|
PERMISO DE CONDUCCION|PERMISO DE CONDUCIR|PATENTE DI GUIDA|RIJBEWIJS|CARTA DE CONDUCAO|PRAWO JAZDY|KORKORT|FORERKORT|AJOKORTTI|
RIDICSKY PRUKAZ|VEZETOI ENGEDELY|PERMIS DE CONDUCERE|IDENTITY CARD|IDENTIFICATION CARD|CARTE D IDENTITE|CARTE NATIONALE D IDENTITE|
PERSONALAUSWEIS|DOCUMENTO NACIONAL DE IDENTIDAD|CARTA D IDENTITA|IDENTITEITSKAART|CARTAO DE CIDADAO|DOWOD OSOBISTY|OBCANSKY PRUKAZ|
SZEMELYAZONOSITO IGAZOLVANY|CARTE DE IDENTITATE|PASSPORT|PASSEPORT|REISEPASS|PASAPORTE|PASSAPORTO|PASPOORT|PASSAPORTE|PASZPORT|
RESIDENCE PERMIT|TITRE DE SEJOUR|AUFENTHALTSTITEL|PERMISO DE RESIDENCIA|PERMESSO DI SOGGIORNO|VERBLIJFSVERGUNNING|KARTA POBYTU
""".replace("\n", "").split("|")
FIELD_NUMBERS = ["1", "2", "3", "4a", "4b", "4c", "4d", "5", "7", "8", "9", "9a", "10", "11", "12", "15", "16", "17", "18", "19"]
JURISDICTIONS = ["VIRGINIA", "CALIFORNIA", "NEW YORK", "TEXAS", "FLORIDA", "PENNSYLVANIA", "ONTARIO", "QUÉBEC", "BRITISH COLUMBIA",
                 "District of Columbia", "Commonwealth of Massachusetts", "State of Washington"]
COUNTRY_CODES = ["D", "DEU", "FRA", "ESP", "ITA", "POL", "CZE", "SVK", "HUN", "ROU", "HRV", "SVN", "LTU", "LVA", "EST", "FIN", "SWE",
                 "DNK", "NOR", "ISL", "TUR", "PRT", "NLD", "BEL", "AUT", "GBR", "IRL", "USA", "CAN", "UTO", "CH", "F", "E", "I", "PL"]


def _accent(label):
    return LABEL_ACCENTS.get(label, label)


def _case(rng, text, caps_share=0.6):
    roll = rng.random()
    if roll < caps_share:
        return text.upper()
    if roll < caps_share + 0.3:
        return " ".join(w[:1].upper() + w[1:].lower() if w else w for w in text.split(" "))
    return text.lower() if rng.random() < 0.4 else text


def upper(text):
    # ß has no capital here (str.upper() would give "SS"); ð is drawn as Đ in capitals.
    return "".join("" if False else ("Đ" if ch == "ð" else ch if ch == "ß" else ch.upper()) for ch in text)


def person_name(rng):
    surname = rng.choice(SURNAMES)
    if rng.random() < 0.15:
        surname += rng.choice(["-", " "]) + rng.choice(SURNAMES)
    if rng.random() < 0.1:
        surname = rng.choice(PARTICLES) + " " + surname
    given = " ".join(rng.choice(GIVEN_NAMES) for _ in range(rng.choice([1, 1, 1, 2, 2, 3])))
    layout = rng.random()
    if layout < 0.25:
        text = surname
    elif layout < 0.45:
        text = given
    elif layout < 0.75:
        text = f"{given} {surname}"
    elif layout < 0.85:
        text = f"{surname}, {given}"
    elif layout < 0.92:
        text = f"{rng.choice(['MR', 'MRS', 'MS', 'DR', 'Mr.', 'Mrs.', 'Dr.'])} {given} {surname}"
    else:
        text = f"{given} {rng.choice(UPPER)}. {surname}" if rng.random() < 0.5 else f"{given} {rng.choice(UPPER)} {surname}"
    return upper(text) if rng.random() < 0.65 else text


def initialled_name(rng):
    """A name with one-letter initials as cards emboss them: JOHN Q PUBLIC, J Q PUBLIC, ANNA M. KOWALSKA."""
    parts = [rng.choice(GIVEN_NAMES) for _ in range(rng.choice([1, 1, 2]))]
    initials = [rng.choice(UPPER) + ("." if rng.random() < 0.25 else "") for _ in range(rng.choice([1, 1, 2]))]
    given = initials + parts if rng.random() < 0.25 else parts + initials
    surname = rng.choice(SURNAMES)
    text = f"{surname} {' '.join(given)}" if rng.random() < 0.1 else f"{' '.join(given)} {surname}"
    return upper(text) if rng.random() < 0.85 else text


def field_label(rng):
    def one():
        if rng.random() < 0.25:
            return rng.choice(DOCUMENT_TITLES)
        return rng.choice(FIELD_LABELS)

    parts = [one() for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
    parts = [_accent(p) if rng.random() < 0.7 else p for p in parts]
    parts = [_case(rng, p, 0.55) for p in parts]
    text = rng.choice([" / ", "/", " | ", " - ", "  ", " ", ". "]).join(parts)
    if rng.random() < 0.3:
        text = rng.choice(FIELD_NUMBERS) + rng.choice([". ", ".", " ", " "]) + text
    if rng.random() < 0.2:
        text += rng.choice([":", ".", " :", ""])
    if rng.random() < 0.1:
        text = f"({text})"
    return text


def date_text(rng):
    d, m, y = rng.randint(1, 31), rng.randint(1, 12), rng.randint(1925, 2045)
    yy = y % 100
    lang = rng.choice(list(MONTHS))
    mon = MONTHS[lang][m - 1]
    forms = [
        f"{d:02d}.{m:02d}.{y}", f"{d:02d} {m:02d} {y}", f"{d:02d} {mon} {y}", f"{d:02d} {mon}/{MONTHS['en'][m - 1]} {yy:02d}",
        f"{d:02d} {MONTHS['fr'][m - 1]}/{MONTHS['en'][m - 1]} {yy:02d}", f"{m:02d}/{d:02d}/{y}", f"{y}-{m:02d}-{d:02d}",
        f"{d:02d}/{m:02d}/{y}", f"{d:02d}-{m:02d}-{y}", f"{d}.{m}.{y}", f"{d:02d}.{m:02d}.{yy:02d}", f"{y}/{m:02d}/{d:02d}",
        f"{d:02d}{mon}{yy:02d}", f"{d} {rng.choice(MONTH_NAMES)} {y}", f"{rng.choice(MONTH_NAMES)} {d}, {y}", f"{d:02d} {mon.capitalize()} {y}",
        f"{m:02d}/{yy:02d}", f"{m:02d}-{y}", f"{d:02d}. {m:02d}. {y}", f"{y}.{m:02d}.{d:02d}.", f"{d:02d} {m:02d} {yy:02d}",
    ]
    text = rng.choice(forms)
    if rng.random() < 0.15:
        text += rng.choice([" / " + rng.choice(CITIES), ", " + rng.choice(CITIES), " " + upper(rng.choice(CITIES))])
    if rng.random() < 0.1:
        text = rng.choice(["4a. ", "4b. ", "3. ", "DOB ", "EXP ", "ISS ", "Né le ", "Geb. am "]) + text
    return text


def rand_alnum(rng, n, digit_share=0.5, alphabet=UPPER):
    return "".join(rng.choice(DIGITS) if rng.random() < digit_share else rng.choice(alphabet) for _ in range(n))


def document_number(rng):
    roll = rng.random()
    if roll < 0.2:
        text = rand_alnum(rng, rng.randint(6, 12), rng.uniform(0.3, 0.9))
    elif roll < 0.35:
        text = rng.choice(UPPER) + "".join(rng.choice(DIGITS) for _ in range(rng.randint(6, 12)))
    elif roll < 0.5:
        text = f"{rand_alnum(rng, 2, 0)} {rand_alnum(rng, 6, 1)}" if rng.random() < 0.5 else f"{rand_alnum(rng, 3, 0)}{rand_alnum(rng, 6, 1)}"
    elif roll < 0.6:
        text = "-".join(rand_alnum(rng, rng.randint(2, 5), 0.7) for _ in range(rng.randint(2, 4)))
    elif roll < 0.7:
        text = " ".join("".join(rng.choice(DIGITS) for _ in range(3)) for _ in range(rng.randint(2, 4)))
    elif roll < 0.8:
        text = f"{rng.randint(0, 999):03d} {rng.randint(0, 999):03d} {rng.randint(0, 999):03d}"
    elif roll < 0.9:  # personal numbers: PESEL, CNP, birth numbers with a slash
        text = "".join(rng.choice(DIGITS) for _ in range(rng.choice([10, 11, 13])))
        if rng.random() < 0.4:
            text = text[:6] + "/" + text[6:10]
    else:
        text = f"{rng.choice(['DL', 'DLN', 'No.', 'Nr.', 'N°', 'ID', 'Nº', '#', 'DD', 'CAN'])} {rand_alnum(rng, rng.randint(5, 11), 0.8)}"
    if rng.random() < 0.12:
        text = rng.choice(["4d ", "4d. ", "5. ", "5 ", "4d DLN ", "DLN ", "DD "]) + text
    return text.replace("N°", "No").replace("Nº", "No")


# Letters and digits that differ only in their glyph: O and 0, I and 1, S and 5, B and 8, Z and 2, G and 6,
# D, Q and U beside 0. In a document number nothing around a symbol says which kind it is. O/0 (the
# misread seen most) is listed three times and I/1 twice, so they are drawn that much more often.
LOOK_ALIKES = ["O0", "I1", "S5", "B8", "Z2", "G6", "D0", "Q0", "U0", "O0", "O0", "I1"]


def look_alike_code(rng):
    """A document-number-like code in which about half the symbols come from a look-alike pair, either
    member at random, so the reader must tell `O` from `0` by its shape alone (it had learnt that a
    number starts with a digit: `O25417582` read `025417582`)."""
    n = rng.randint(6, 12)
    code = "".join(rng.choice(rng.choice(LOOK_ALIKES)) if rng.random() < 0.5 else rng.choice(DIGITS + UPPER) for _ in range(n))
    if rng.random() < 0.25:
        code = " ".join(code[i:i + 3] for i in range(0, len(code), 3))
    return code


def address(rng):
    roll = rng.random()
    number = rng.randint(1, 9999)
    if roll < 0.35:
        street = rng.choice(STREETS)
        text = f"{number} {street}" if rng.random() < 0.6 else f"{street} {rng.randint(1, 250)}{rng.choice(['', '', 'a', 'B', '/3'])}"
        if rng.random() < 0.5:
            text += f", {rng.choice(CITIES)}"
    elif roll < 0.6:
        text = f"{number} {rng.choice(STREETS)}, {rng.choice(CITIES)}, {rng.choice(US_STATES)} {rng.randint(10000, 99999)}"
        if rng.random() < 0.2:
            text += f"-{rng.randint(1000, 9999)}"
    elif roll < 0.85:
        code = rng.choice([f"{rng.randint(10000, 99999)}", f"{rng.randint(10, 99)}-{rng.randint(100, 999)}", f"{rng.randint(100, 999)} {rng.randint(10, 99)}",
                           f"{rng.randint(1000, 9999)}", f"LV-{rng.randint(1000, 9999)}", f"{rng.randint(1000, 9999)} {rand_alnum(rng, 2, 0)}"])
        text = f"{code} {rng.choice(CITIES)}"
    else:
        text = f"{rng.choice(['Apt', 'Apt.', 'App.', 'Wohnung', 'Piso', 'm.', 'Suite', 'Unit'])} {rng.randint(1, 99)}{rng.choice(['', 'B', '°', 'º'])}"
        text = text.replace("°", "").replace("º", "")
    return upper(text) if rng.random() < 0.5 else text


def card_line(rng):
    roll = rng.random()
    if roll < 0.35:
        kind = rng.random()
        if kind < 0.6:
            digits = "".join(rng.choice(DIGITS) for _ in range(16))
            return " ".join(digits[i:i + 4] for i in range(0, 16, 4)) if rng.random() < 0.9 else digits
        if kind < 0.8:
            digits = "".join(rng.choice(DIGITS) for _ in range(15))
            return f"{digits[:4]} {digits[4:10]} {digits[10:]}"
        if kind < 0.9:
            digits = "".join(rng.choice(DIGITS) for _ in range(14))
            return f"{digits[:4]} {digits[4:10]} {digits[10:]}"
        n = rng.choice([12, 13, 18, 19])
        digits = "".join(rng.choice(DIGITS) for _ in range(n))
        return " ".join(digits[i:i + 4] for i in range(0, n, 4))
    if roll < 0.6:
        mm, yy = rng.randint(1, 12), rng.randint(0, 99)
        date = rng.choice([f"{mm:02d}/{yy:02d}", f"{mm:02d}/{yy:02d}", f"{mm:02d}-{yy:02d}", f"{mm:02d}/20{yy:02d}"])
        form = rng.random()
        if form < 0.3:
            return date
        if form < 0.75:
            return f"{rng.choice(CARD_EXPIRY_LABELS)} {date}"
        if form < 0.85:
            return f"{rng.randint(1, 12):02d}/{rng.randint(0, 99):02d} {rng.choice(['-', 'THRU', 'to', ''])} {date}".replace("  ", " ")
        return f"{rng.choice(['MEMBER SINCE', 'CLIENT DEPUIS', 'KUNDE SEIT', 'VALID FROM'])} {rng.choice([str(rng.randint(1990, 2026)), date[:5]])}"
    if roll < 0.8:
        return upper(person_name(rng)) if rng.random() < 0.85 else person_name(rng)
    if roll < 0.9:
        return rng.choice(BANKS) + (" " + rng.choice(["DEBIT", "Platinum", "GOLD", "Business", "World", "Classic", ""]) if rng.random() < 0.4 else "")
    country = rng.choice(["DE", "FR", "ES", "IT", "PL", "CZ", "HU", "RO", "HR", "SI", "LT", "LV", "EE", "FI", "SE", "DK", "NO", "TR", "PT", "NL", "GB"])
    body = "".join(rng.choice(DIGITS) for _ in range(rng.randint(14, 24)))
    iban = country + body
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4)) if rng.random() < 0.8 else f"CVC2 {rng.randint(100, 999)}"


def words(rng):
    text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 5)))
    return _case(rng, text, 0.4)


def punctuated(rng):
    roll = rng.random()
    if roll < 0.2:
        user = rng.choice(GIVEN_NAMES).lower() + rng.choice([".", "_", ""]) + rng.choice(SURNAMES).lower().replace(" ", "").replace("'", "")
        return f"{user}@{rng.choice(['example', 'mail', 'post', 'web'])}.{rng.choice(['com', 'de', 'fr', 'eu', 'pl', 'cz'])}"
    if roll < 0.35:
        return f"{rng.choice(['www', 't.ly', 'idlens'])}.{rand_alnum(rng, rng.randint(3, 8), 0.2, LOWER)}/{rand_alnum(rng, rng.randint(2, 6), 0.3, LOWER)}"
    if roll < 0.5:
        return f"{rng.randint(1, 100)}% {rng.choice(WORDS)}" if rng.random() < 0.5 else f"#{rng.randint(1, 99999)} {rng.choice(WORDS)}"
    if roll < 0.6:
        return f"{rng.choice(WORDS)} & {rng.choice(WORDS)}"
    if roll < 0.7:
        return f"\"{rng.choice(WORDS)}\" ({rng.choice(WORDS)})"
    if roll < 0.8:
        return f"{rng.choice(['+', '*', '<', '>', '!', '?'])}{rand_alnum(rng, rng.randint(2, 8), 0.5)}{rng.choice(['!', '?', '*', '>', ';', ':'])}"
    if roll < 0.9:
        return f"{rng.choice(SURNAMES)}<<{rng.choice(GIVEN_NAMES)}<{rng.choice(GIVEN_NAMES)}".upper()
    return f"Tel. +{rng.randint(1, 99)} ({rng.randint(10, 999)}) {rng.randint(100, 999)}-{rng.randint(1000, 9999)}"


def random_run(rng):
    """Symbols in any order (accented letters oversampled), so no position or neighbour is learnt as a language prior."""
    n = rng.randint(1, 24)
    pools = [DIGITS, UPPER, LOWER, PUNCT, ACCENTED_UPPER, ACCENTED_LOWER]
    weights = [2, 2, 2, 1, 2, 2]
    out = []
    for _ in range(n):
        if out and out[-1] != " " and rng.random() < 0.12:
            out.append(" ")
        else:
            out.append(rng.choice(rng.choices(pools, weights)[0]))
    return "".join(out).strip() or rng.choice(UPPER)


KINDS = [(person_name, 22), (field_label, 16), (date_text, 12), (document_number, 9), (address, 9), (card_line, 14), (words, 8),
         (punctuated, 3), (random_run, 7)]


def random_line(rng, max_len=44):
    """One line of text of a random kind (weights in KINDS), NFC, only CHARSET symbols, 1..max_len long."""
    funcs, weights = zip(*KINDS)
    for _ in range(100):
        text = rng.choices(funcs, weights)[0](rng)
        text = unicodedata.normalize("NFC", " ".join(text.split()))
        if 0 < len(text) <= max_len and all(ch in CHARSET_SET for ch in text):
            return text
    return rng.choice(UPPER)


def check_charset():
    assert len(set(CHARSET)) == len(CHARSET), "duplicate symbols"
    assert all(unicodedata.normalize("NFC", ch) == ch and len(ch) == 1 for ch in CHARSET), "symbols must be single NFC code points"


if __name__ == "__main__":
    check_charset()
    if "--charset" in sys.argv:
        print(CHARSET)
        sys.exit(0)
    rng = random.Random(1)
    seen = {}
    for _ in range(200000):
        for ch in random_line(rng):
            seen[ch] = seen.get(ch, 0) + 1
    missing = [ch for ch in CHARSET if ch not in seen]
    rare = sorted((n, ch) for ch, n in seen.items())[:12]
    print(f"{len(CHARSET)} symbols; missing in 200k lines: {''.join(missing) or 'none'}; rarest: {rare}")
    rng = random.Random(2)
    for _ in range(40):
        print(random_line(rng))
