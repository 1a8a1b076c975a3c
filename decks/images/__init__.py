"""A deck's list drawn as one picture, the size link previews show (1200 x 630).

`layout` says what the picture shows and where (data only: rows flowed into columns, the long
list cut with a count of the cards left out); `paint` draws it with Pillow in the site's colours
and the card faces' fonts, the words it draws kept in the PNG as text.

Pure Pillow, no Django and no game: decks/deck_images.py passes in every word, already in the
page's language, and the sections and kinds as the deck's sheet names them.
"""
