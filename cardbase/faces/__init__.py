"""Generated card faces, drawn for the catalogue's cards that have no scan yet.

A face is drawn from the card's own attributes, placed as the card's game declares
(`rules.core.face.Face`): `layout` says what the face shows, `paint` draws it. Anything unknown is
drawn as ``?``; nothing is guessed.

Pure Pillow and pure rules, no Django: cardbase/face_files.py passes in the language and the label
for unknown values, already translated.
"""
